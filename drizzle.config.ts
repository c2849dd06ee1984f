import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./src/service/db/schema/index.ts",
  out: "./src/service/db/migrations",
});

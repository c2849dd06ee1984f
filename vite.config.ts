import { existsSync } from "node:fs";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompressAssets } from "./src/dashboard-precompress.ts";

/**
 * The dashboard SPA. `npm start` builds it into dist/web when missing or stale; `npx vite` serves it with hot
 * reload and forwards /api and /login to a running BFF (DASHBOARD_DEV_BFF, default http://127.0.0.1:3000).
 */
const bff = process.env.DASHBOARD_DEV_BFF ?? "http://127.0.0.1:3000";

const LOADER_WITH_COMPONENT = new Set<string>([
  "/_app/webhooks/",
  "/_app/webhooks/$webhookId",
  "/_app/usage",
  "/_app/settings",
  "/_app/properties",
  "/_app/boards/",
  "/_app/boards/$boardId",
  "/_app/shared-links",
  "/_app/transfers/",
  "/_app/transfers/$transferId",
  "/_app/pages/",
  "/_app/pages/$pageId",
]);

/** Brotli and gzip copies of the built text assets, which the BFF serves to browsers that accept them. */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "brandspace-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Also called when the build failed and wrote nothing: an error here would hide the build's own.
      if (existsSync(outDir)) await precompressAssets(outDir);
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "src/web/routes",
      generatedRouteTree: "src/web/route-tree.gen.ts",
      quoteStyle: "double",
      codeSplittingOptions: {
        // Screens away from browsing load their loader with their component, so that their API code (webhooks,
        // usage, settings, properties) stays out of the browse screens' initial JavaScript; browse loaders stay in the entry
        // so that their data is asked for while the screen's code downloads.
        splitBehavior: ({ routeId }) =>
          LOADER_WITH_COMPONENT.has(routeId)
            ? [["loader", "component"], ["pendingComponent"], ["errorComponent"], ["notFoundComponent"]]
            : undefined,
      },
    }),
    react(),
    tailwindcss(),
    precompress(),
  ],
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    // No source maps in the build the dashboard serves (the BFF refuses *.map anyway): they would hand out the
    // app's source. `npx vite` (hot reload) still maps everything; `npx vite build --sourcemap` for a one-off.
    sourcemap: false,
    // Everything the first screen needs ships as one file: dozens of small shared chunks cost requests and
    // compress worse than one (about 10 KB more gzip on a browse screen). Screens and on-demand code still split.
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
        // A chunk of contract modules shared by screens is named as such: named after its first module alone
        // (`properties`), it read as the Properties screen's own code.
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => id.includes("/src/contract/"))
            ? "assets/contract-[name]-[hash].js"
            : "assets/[name]-[hash].js",
      },
    },
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { "/api": bff, "/login/": bff },
  },
});

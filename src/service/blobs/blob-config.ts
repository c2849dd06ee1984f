import path from "node:path";
import { z } from "zod";

export type BlobStoreConfig = DiskBlobStoreConfig | S3BlobStoreConfig;

export interface DiskBlobStoreConfig {
  kind: "disk";
  /** `<dataDir>/blobs`: temporary files and staged parts go beneath it, on the same filesystem. */
  root: string;
}

export interface S3BlobStoreConfig {
  kind: "s3";
  bucket: string;
  region: string;
  /** An S3-compatible server's URL; absent means AWS. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Absent means the SDK's default chain (AWS_* variables, instance or task roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const S3_ONLY = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** The blob store's environment variables: S3 when `S3_BUCKET` is set, else the local disk. */
export const BlobEnvSchema = z
  .object({
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name (3 to 63 of a-z 0-9 . -)")
      .optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.enum(["0", "1", ""]).default("0"),
  })
  .superRefine((env, ctx) => {
    for (const name of S3_ONLY) {
      if (env[name] && !env.S3_BUCKET) {
        ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `required when ${name} is set` });
      }
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
      ctx.addIssue({ code: "custom", path: [missing], message: "S3 keys are given both or neither" });
    }
  });

export type BlobEnv = z.infer<typeof BlobEnvSchema>;

/** The store the parsed environment asks for; `dataDir` is the already resolved data directory. */
export function blobStoreConfig(env: BlobEnv, dataDir: string): BlobStoreConfig {
  if (!env.S3_BUCKET) return { kind: "disk", root: path.join(dataDir, "blobs") };
  return {
    kind: "s3",
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "1",
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

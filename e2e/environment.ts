/** What e2e/global-setup.ts starts once per run and hands to every e2e test file through `inject("e2e")`. */
export interface E2eEnvironment {
  /** The BFF serving the built SPA, e.g. http://127.0.0.1:41234 (no trailing slash). */
  dashboardUrl: string;
  /** The dashboard password the BFF accepts. */
  password: string;
  /** One-time login links (`/login/<token>`), each valid once for an hour; tests take them by index. */
  loginLinks: string[];
  centralUrl: string;
  regionalUrl: string;
  /** The seeded owner's API key: the BFF's key, which must never reach the browser. */
  ownerKey: string;
  brandspaceId: string;
  seed: {
    libraries: { shared: string; restricted: string };
    users: Record<"owner" | "editor" | "viewer", { id: string; email: string }>;
    /** A library "Synthetic 300" with one folder "Everything" of ready files with real thumbnails. */
    synthetic: { libraryId: string; folderId: string; files: number };
  };
  /**
   * A loopback web server that URL imports may fetch (the service allow-lists exactly its `host:port`):
   * `/hero.png` a PNG, `/gone` a 404.
   */
  importServerUrl: string;
  /** Where screenshots and failure captures go: `<artifactsDir>/<test file>/<name>.png`. */
  artifactsDir: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    e2e: E2eEnvironment;
  }
}

// The part of fs-ext we use; its package ships no types.
declare module "fs-ext" {
  /** flock(2) on an open file descriptor; throws an errno error (EAGAIN with `nb` when another holds it). */
  export function flockSync(fd: number, flags: "sh" | "ex" | "shnb" | "exnb" | "un"): void;
}

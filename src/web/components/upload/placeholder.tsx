import type { ReactNode } from "react";

export interface UploadTarget {
  libraryId: string;
  folderId: string | null;
}

export function UploadButton(_props: UploadTarget) {
  return null;
}

export function UploadDropZone({ children }: UploadTarget & { children: ReactNode }) {
  return <>{children}</>;
}

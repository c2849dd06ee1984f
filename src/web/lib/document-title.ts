import { useEffect } from "react";

const PRODUCT = "Brandspace";

/** The browser tab's title while a screen shows: "Logo pack · Brandspace" (the product's name alone without one). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT}` : PRODUCT;
  }, [title]);
}

import { describe, expect, it } from "vitest";
import { sonner, toast } from "./toast.ts";

const onScreen = async () => (await sonner.load()).toast.getToasts();

describe("toast", () => {
  it("shows the same words once: raised again, the toast on screen is refreshed, not stacked", async () => {
    const first = toast.success("Saved");
    const again = toast.success("Saved");
    toast.error("Saved");
    toast.success("Renamed");
    expect(again).toBe(first);
    const titles = (await onScreen()).map((t) => ("title" in t ? t.title : null));
    expect(titles.filter((title) => title === "Saved")).toHaveLength(2); // one success, one error
    expect(titles.filter((title) => title === "Renamed")).toHaveLength(1);
  });

  it("keeps loading toasts and toasts with an action apart, and the caller's own id", async () => {
    expect(toast.loading("Uploading…")).not.toBe(toast.loading("Uploading…"));
    const undo = { label: "Undo", onClick: () => {} };
    expect(toast.success("Moved to trash", { action: undo })).not.toBe(
      toast.success("Moved to trash", { action: undo }),
    );
    expect(toast.success("Done", { id: "upload-1" })).toBe("upload-1");
  });
});

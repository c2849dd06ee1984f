import { afterAll, beforeAll, expect, test } from "vitest";
import { type Receiver, startReceiver, verifySignature } from "../src/service/webhooks/webhooks-test-kit.ts";
import { expectToast, openDashboard } from "./harness.ts";

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

test("create an endpoint, keep its shown-once secret, send a test event it can verify, redeliver", async () => {
  const d = await openDashboard();
  await d.page.getByRole("link", { name: "Webhooks", exact: true }).click();
  await d.page.waitForURL((url) => url.pathname === "/webhooks");
  await d.page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
  await d.screenshot("webhooks-list");
  await d.expectAccessible("webhooks list");

  await d.page.getByRole("button", { name: "New endpoint" }).first().click();
  const dialog = d.page.getByRole("dialog", { name: "New endpoint" });
  // A bad URL is refused in the form, with a message.
  await dialog.getByLabel("Endpoint URL").fill("not a url");
  await dialog.getByRole("button", { name: "Create endpoint" }).click();
  await expect.poll(() => dialog.getByLabel("Endpoint URL").getAttribute("aria-invalid")).toBe("true");
  await d.expectAccessible("new endpoint form with an error");

  await dialog.getByLabel("Endpoint URL").fill(receiver.url);
  await dialog.getByLabel(/Description/).fill("E2E receiver");
  await dialog.getByRole("button", { name: "Create endpoint" }).click();
  const created = d.page.getByRole("dialog", { name: "Endpoint created" });
  const secret = await created.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(secret.length).toBeGreaterThan(20);
  await expectToast(d.page, `Endpoint created for ${new URL(receiver.url).host}`);
  await d.screenshot("secret-shown-once");
  await d.expectAccessible("endpoint created, secret shown");
  await created.getByRole("button", { name: "I saved the secret" }).click();
  await d.page.waitForURL((url) => url.pathname.startsWith("/webhooks/"));
  const webhookId = new URL(d.page.url()).pathname.split("/")[2]!;
  const stored = await d.api("GET", `/v1/webhooks/${webhookId}`);
  expect(stored).toMatchObject({ url: receiver.url, description: "E2E receiver", events: ["*"] });
  expect(JSON.stringify(stored), "the secret is not shown again").not.toContain(secret);

  // The test event reaches the receiver signed with that very secret.
  const before = receiver.received.length;
  await d.page.getByRole("button", { name: "Send test event" }).click();
  await expectToast(d.page, "Test event sent");
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(before);
  const delivered = receiver.received[before]!;
  expect(verifySignature(String(delivered.headers["service-signature"]), delivered.body, secret)).toBe(true);

  const deliveries = d.page.getByRole("table", { name: "Deliveries, newest first" });
  await expect.poll(() => deliveries.getByText("Succeeded").count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await d.screenshot("webhook-detail");
  await d.expectAccessible("webhook detail");

  await deliveries.getByRole("link").first().click();
  const drawer = d.page.getByRole("dialog");
  await drawer.getByRole("button", { name: "Redeliver" }).waitFor();
  await d.expectAccessible("delivery drawer");
  const beforeRedelivery = receiver.received.length;
  await drawer.getByRole("button", { name: "Redeliver" }).click();
  await expectToast(d.page, "Redelivery queued");
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(beforeRedelivery);
  const again = receiver.received[beforeRedelivery]!;
  expect(again.headers["service-event-id"]).toBe(delivered.headers["service-event-id"]);
  await drawer.getByRole("button", { name: "Close delivery" }).click();

  await d.setTheme("dark");
  await d.page.getByRole("table", { name: "Deliveries, newest first" }).waitFor();
  await d.screenshot("webhook-detail-dark");
  await d.expectAccessible("webhook detail, dark");
  await d.goto("/webhooks");
  await d.page.getByRole("table", { name: "Webhook endpoints" }).waitFor();
  await d.screenshot("webhooks-list-dark");
  await d.expectAccessible("webhooks list, dark");
});

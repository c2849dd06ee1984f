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
  // The endpoint's last-day health follows the test delivery without waiting for its minute's refresh.
  await d.page
    .getByRole("img", { name: /^Outcomes per hour over the last 24 hours: [1-9]\d* succeeded/ })
    .first()
    .waitFor({ timeout: 15_000 });
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

test("a failing receiver's deliveries appear live, show request and attempts, and are redelivered in bulk", async () => {
  let failing = true;
  const flaky = await startReceiver((_request, _i, res) => {
    res.statusCode = failing ? 503 : 200;
    res.end(failing ? "down for maintenance" : "ok");
  });
  try {
    const d = await openDashboard();
    const hook = await d.api("POST", "/v1/webhooks", {
      url: flaky.url,
      events: ["library.created"],
      description: "Flaky receiver",
    });
    await d.goto(`/webhooks/${hook.id}`);
    await d.page.getByRole("heading", { level: 2, name: "Deliveries" }).waitFor();
    await d.page.locator('[data-live-status="live"]').waitFor();

    for (const name of ["Flaky one", "Flaky two", "Flaky three"])
      await d.fixtures.createLibrary(d.fixtures.unique(name));
    const deliveries = d.page.getByRole("table", { name: "Deliveries, newest first" });
    // Live: each new event is pushed to the page, which refreshes its deliveries at once.
    await expect.poll(() => deliveries.getByText("Failed, retried").count(), { timeout: 15_000 }).toBe(3);
    await d.page
      .getByRole("region", { name: "Last 24 hours" })
      .getByText("0% of attempts succeeded")
      .waitFor({ timeout: 15_000 });

    // The request as signed, and the attempt chain, in a failed delivery's panel (its retry is scheduled).
    await d.page.getByLabel("Status").selectOption("failed");
    await d.page.waitForURL((url) => url.searchParams.get("status") === "failed");
    await expect.poll(() => deliveries.getByRole("link").count()).toBe(3);
    await deliveries.getByRole("link").first().click();
    const drawer = d.page.getByRole("dialog");
    const headers = drawer.getByRole("table", { name: "Request headers" });
    await headers.getByRole("rowheader", { name: "Service-Signature" }).waitFor();
    expect(await headers.getByRole("row").filter({ hasText: "Service-Signature" }).textContent()).toMatch(
      /t=\d+,v1=[0-9a-f]{64}/,
    );
    const body = JSON.parse((await drawer.locator("[data-request-body]").textContent()) ?? "{}");
    expect(body).toMatchObject({ object: "event", type: "library.created", attempt: 1 });
    await drawer.getByRole("heading", { name: "Attempts" }).waitFor();
    await drawer.getByRole("button", { name: "Attempt 1" }).waitFor();
    await drawer.getByRole("button", { name: "Attempt 2" }).waitFor();
    await d.screenshot("delivery-request-and-attempts");
    await d.expectAccessible("delivery with request and attempts");
    await drawer.getByRole("button", { name: "Close delivery" }).click();

    failing = false;
    await deliveries.getByRole("checkbox", { name: "Select every delivery shown" }).check();
    const bar = d.page.getByRole("toolbar", { name: "Selected deliveries" });
    await bar.getByText("3 selected").waitFor();
    await d.expectAccessible("deliveries selected for a bulk redelivery");
    const before = flaky.received.length;
    await bar.getByRole("button", { name: "Redeliver 3 events" }).click();
    const confirm = d.page.getByRole("dialog", { name: "Redeliver 3 events?" });
    await confirm.getByRole("button", { name: "Redeliver 3 events" }).click();
    await expectToast(d.page, "3 events queued for redelivery");
    await expect.poll(() => flaky.received.length, { timeout: 15_000 }).toBe(before + 3);
    await d.page.getByLabel("Status").selectOption("success");
    await expect.poll(() => deliveries.getByText("Succeeded").count(), { timeout: 15_000 }).toBe(3);
    await d.screenshot("bulk-redelivered");

    // Replays are listed with their progress.
    await d.page.getByRole("button", { name: "Replay…" }).click();
    await d.page
      .getByRole("dialog", { name: "Replay events" })
      .getByRole("button", { name: "Start replay" })
      .click();
    await expectToast(d.page, "Replay queued");
    const replays = d.page.getByRole("region", { name: "Replays" });
    await replays.getByText("Completed").waitFor({ timeout: 15_000 });
    // Every library.created of the last 24 hours (other tests' too), at least this test's three.
    const queued = await replays.getByText(/\d+ events queued/).textContent();
    expect(Number(queued!.match(/\d+/)![0])).toBeGreaterThanOrEqual(3);

    // The endpoint list shows each endpoint's health at a glance.
    await d.goto("/webhooks");
    const row = d.page.getByRole("row").filter({ hasText: "Flaky receiver" });
    await row
      .getByRole("img", { name: /Outcomes per hour over the last 24 hours: \d+ succeeded, 3 failed/ })
      .waitFor();
    await row.getByText(/% of attempts succeeded/).waitFor();
    await d.screenshot("webhooks-list-health");
    await d.expectAccessible("webhooks list with health");
  } finally {
    await flaky.close();
  }
});

import { describe, expect, test } from "vitest";
import { e2eEnvironment, openDashboard } from "./harness.ts";

const path = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe("login", () => {
  test("a wrong password is refused with the BFF's message and no session", async () => {
    const d = await openDashboard({ login: false });
    await d.page.getByRole("heading", { name: "Brandspace" }).waitFor();
    await d.screenshot("login-light");
    await d.expectAccessible("login page (light)");

    await d.logIn("not-the-password");
    await expect.poll(() => d.page.getByRole("alert").textContent()).toContain("Wrong password.");
    expect(new URL(d.page.url()).pathname).toBe("/login");
    await expect
      .poll(() => d.page.getByLabel("Dashboard password").getAttribute("aria-invalid"))
      .toBe("true");
    await d.screenshot("login-wrong-password");
    await d.expectAccessible("login page with an error");
    const session = await d.page.evaluate(() => fetch("/api/session").then((r) => r.json()));
    expect(session.logged_in).toBe(false);
  });

  test("the login page in dark mode", async () => {
    const d = await openDashboard({ login: false, colorScheme: "dark" });
    await d.page.getByRole("heading", { name: "Brandspace" }).waitFor();
    expect(await d.page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(true);
    await d.screenshot("login-dark");
    await d.expectAccessible("login page (dark)");
  });

  test("the right password lands on the libraries; signing out ends the session", async () => {
    const d = await openDashboard();
    expect(path(d.page.url())).toBe("/");
    await d.page.getByRole("heading", { name: "Libraries", level: 1 }).waitFor();
    const cookies = await d.context.cookies();
    const session = cookies.find((c) => c.name.toLowerCase().includes("session"));
    expect(session?.httpOnly, "the session cookie is HttpOnly").toBe(true);
    expect(session?.sameSite).not.toBe("None");

    await d.page.getByRole("button", { name: "Account" }).click();
    await d.page.getByRole("menuitem", { name: "Sign out" }).click();
    await d.page.waitForURL((url) => url.pathname === "/login");
    await d.page.getByLabel("Dashboard password").waitFor();
    const after = await d.page.evaluate(() => fetch("/api/session").then((r) => r.json()));
    expect(after.logged_in).toBe(false);
    const proxied = await d.page.evaluate(() => fetch("/api/v1/libraries").then((r) => r.status));
    expect(proxied, "the API proxy refuses a browser without a session").toBe(401);

    // Back to a page of the app: the login page again.
    await d.goto("/");
    await d.page.waitForURL((url) => url.pathname === "/login");
  });

  test("a page opened without a session asks for the password, then opens", async () => {
    const d = await openDashboard({ login: false });
    await d.goto("/trash");
    await d.page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(d.page.url()).searchParams.get("redirect")).toBe("/trash");
    await d.logIn();
    await d.page.waitForURL((url) => url.pathname === "/trash");
  });

  test("a crafted redirect cannot send the user to another site", async () => {
    const d = await openDashboard({ login: false });
    await d.goto("/login?redirect=//evil.example/x");
    await d.logIn();
    await d.page.waitForURL((url) => url.pathname === "/");
    expect(new URL(d.page.url()).origin).toBe(d.url);
  });

  test("a one-time login link logs in once", async () => {
    const link = e2eEnvironment().loginLinks[0]!;
    const first = await openDashboard({ login: false });
    await first.page.goto(link);
    await first.page.waitForURL((url) => url.pathname === "/");
    await first.page.getByRole("heading", { name: "Libraries", level: 1 }).waitFor();

    const second = await openDashboard({ login: false });
    const response = await second.page.goto(link);
    expect(response?.status()).toBe(401);
    const session = await second.page.evaluate(() => fetch("/api/session").then((r) => r.json()));
    expect(session.logged_in).toBe(false);
  });
});

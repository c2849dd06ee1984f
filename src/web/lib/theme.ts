export type Theme = "light" | "dark" | "system";
const STORAGE_KEY = "brandspace.theme";

export function savedTheme(): Theme {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === "light" || value === "dark" ? value : "system";
}

function prefersDark(): boolean {
  return window.matchMedia("(prefers-color-scheme: dark)").matches;
}

const listeners = new Set<(theme: Theme) => void>();

/** Calls `listener` after every `applyTheme`, so that every control showing the theme stays in step. */
export function onThemeChange(listener: (theme: Theme) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the page is dark right now (a saved choice, or the system's preference). */
export function isDark(): boolean {
  return document.documentElement.classList.contains("dark");
}

/** Applies a theme to <html> and remembers it; `system` follows the operating system's preference. */
export function applyTheme(theme: Theme): void {
  if (theme === "system") localStorage.removeItem(STORAGE_KEY);
  else localStorage.setItem(STORAGE_KEY, theme);
  const dark = theme === "dark" || (theme === "system" && prefersDark());
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
  for (const listener of listeners) listener(theme);
}

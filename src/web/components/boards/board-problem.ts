import { CreateBoardBody } from "../../../contract/boards.ts";

/** The contract's rules for name, colour and emoji, checked before sending so the message is immediate. */
export function boardProblem(body: unknown): string | null {
  const parsed = CreateBoardBody.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const field =
    issue.path[0] === "name" ? "The name" : issue.path[0] === "emoji" ? "The emoji" : "The colour";
  return `${field} ${issue.message}.`;
}

import type { FormEvent, ReactNode } from "react";

/**
 * A quiz page's form. It posts to the quiz's own address, naming the page it was shown on, so a
 * tap made before the scripts ran (or without them) is answered by the server; once they run,
 * `onSubmit` (or a button's click) handles it in the page and nothing is posted.
 */
export function QuizForm({
  intent,
  page,
  className,
  onSubmit,
  children,
}: {
  intent: "answer" | "back" | "lead";
  page: string;
  className?: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form method="post" className={className} noValidate onSubmit={onSubmit}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="page" value={page} />
      {children}
    </form>
  );
}

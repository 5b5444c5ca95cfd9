import { type DaysRefusal, recentDays } from "@kinderready/domain/console/report-filters";
import type { z } from "zod";

// The console's report filters from a page's query string: the last 30 days unless chosen.

export const defaultReportDays = 30;

export type ReportQuery<Filters> =
  | { ok: true; filters: Filters }
  | {
      ok: false;
      field: string;
      message: string;
      /** Why the days were refused, when it was the days (the page says so in the operator's language). */
      refusal: DaysRefusal | undefined;
      values: Record<string, string>;
    };

export function parseReportQuery<Schema extends z.ZodType<{ from: string; to: string }>>(
  url: URL,
  now: Date,
  schema: Schema,
): ReportQuery<z.infer<Schema>> {
  const values = { ...recentDays(now, defaultReportDays), ...Object.fromEntries(url.searchParams) };
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, filters: parsed.data };
  const issue = parsed.error.issues[0];
  const refusal = issue?.code === "custom" ? (issue.params as DaysRefusal | undefined) : undefined;
  return {
    ok: false,
    field: String(issue?.path[0] ?? "query"),
    message: issue?.message ?? "invalid",
    refusal,
    values,
  };
}

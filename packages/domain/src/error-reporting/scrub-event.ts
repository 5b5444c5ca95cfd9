import type { DataCollection, Event, StreamedSpanJSON } from "@sentry/core";
import { isUuid } from "../uuid.ts";

// What leaves the process for Sentry, server and browser alike, carries no personal data. First
// line: the SDK is told to collect none (Sentry 11's `dataCollection`, which replaced
// `sendDefaultPii`). Second line: `beforeSend` scrubs what slips into messages, URLs and breadcrumbs.

/** No user fields or IP inference, cookies, bodies, query values, headers but the user agent, or local variables. */
export const privateDataCollection = {
  userInfo: false,
  cookies: false,
  httpHeaders: { request: { allow: ["user-agent"] }, response: false },
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
  queues: false,
  stackFrameVariables: false,
  genAI: { inputs: false, outputs: false },
} satisfies DataCollection;

const redacted = "[redacted]";

/** Keys whose value is dropped whatever it holds. */
const sensitiveKey =
  /token|secret|password|passwd|authorization|api[-_]?key|cookie|session|email|e-mail|access|card|child|name|phone|address|^ip$/i;
const emailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// Every query value: tokens, access links, emails and ad click ids all travel in query strings.
const queryValuePattern = /([?&][^=&#\s"'<>]+)=[^&#\s"'<>]*/g;
const ipv4Pattern = /\b(?:\d{1,3}\.){3}\d{1,3}\b/g;
const ipv6Candidate = /[0-9A-Fa-f]*:[0-9A-Fa-f:.]*/g;
const wordPattern = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{22,128}(?![A-Za-z0-9_-])/g;
/**
 * A user token is 22+ URL-safe random characters: a word that long mixing two of lower case,
 * upper case and digits. A uuid (our user id, the one identifier reports may carry) is kept.
 */
function isTokenLike(word: string): boolean {
  if (isUuid(word)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((pattern) => pattern.test(word)).length;
  return classes >= 2;
}

function isIpv6(candidate: string): boolean {
  const colons = candidate.split(":").length - 1;
  return /[0-9A-Fa-f]/.test(candidate) && (candidate.includes("::") ? colons >= 2 : colons >= 7);
}

/** Emails, query values, IP addresses and token-like words out of one string. */
export function scrubText(text: string): string {
  return text
    .replace(emailPattern, "[email]")
    .replace(queryValuePattern, `$1=${redacted}`)
    .replace(ipv6Candidate, (candidate) => (isIpv6(candidate) ? "[ip]" : candidate))
    .replace(ipv4Pattern, "[ip]")
    .replace(wordPattern, (word) => (isTokenLike(word) ? redacted : word));
}

/** Strings scrubbed at any depth; values under sensitive keys dropped. */
function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth > 8) return redacted;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, sensitiveKey.test(key) ? redacted : scrubValue(item, depth + 1)]),
  );
}

function scrubRecord<T>(record: T): T {
  return scrubValue(record) as T;
}

function scrubRequest(request: NonNullable<Event["request"]>): Event["request"] {
  // No cookies, bodies or headers (Referer holds URLs, Cookie the session); the user agent helps triage.
  const userAgent = Object.entries(request.headers ?? {}).find(([name]) => name.toLowerCase() === "user-agent")?.[1];
  return {
    ...(request.method && { method: request.method }),
    ...(request.url && { url: scrubText(request.url) }),
    ...(typeof request.query_string === "string" && { query_string: scrubText(`?${request.query_string}`).slice(1) }),
    ...(userAgent && { headers: { "User-Agent": userAgent } }),
  };
}

/** The event as it may leave the process. Stack frames keep their code locations, lose local variables. */
export function scrubEvent<T extends Event>(event: T): T {
  const tags = event.tags && scrubRecord(event.tags);
  return {
    ...event,
    ...(event.message !== undefined && { message: scrubText(event.message) }),
    ...(event.logentry && { logentry: scrubRecord(event.logentry) }),
    ...(event.transaction !== undefined && { transaction: scrubText(event.transaction) }),
    ...(event.exception && {
      exception: {
        ...event.exception,
        values: event.exception.values?.map((exception) => ({
          ...exception,
          ...(exception.value !== undefined && { value: scrubText(exception.value) }),
          ...(exception.stacktrace && {
            stacktrace: {
              ...exception.stacktrace,
              frames: exception.stacktrace.frames?.map(({ vars: _vars, ...frame }) => frame),
            },
          }),
        })),
      },
    }),
    ...(event.breadcrumbs && { breadcrumbs: event.breadcrumbs.map((breadcrumb) => scrubRecord(breadcrumb)) }),
    ...(event.request && { request: scrubRequest(event.request) }),
    // The user is known by the id tag alone: no email, name or address.
    user: event.user?.id !== undefined ? { id: event.user.id } : undefined,
    ...(event.extra && { extra: scrubRecord(event.extra) }),
    ...(tags && { tags }),
  };
}

/** A traced span (sent only with SENTRY_TRACES_SAMPLE_RATE above 0): its name and attributes scrubbed. */
export function scrubSpan(span: StreamedSpanJSON): StreamedSpanJSON {
  return { ...span, name: scrubText(span.name), attributes: scrubRecord(span.attributes) };
}

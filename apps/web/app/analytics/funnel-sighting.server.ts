import type { ServerSighting } from "@kinderready/domain/analytics/visitor-funnel.server";
import type { RequestContext } from "../load-context.ts";

type SightingContext = Pick<RequestContext, "geo" | "deviceId">;
type SightingInput = { steps: readonly string[]; userId?: string | null };

/**
 * Records funnel steps the server itself saw on this request (a page it served, an email it
 * stored, a checkout it started) for the request's device, with the visit's country, language,
 * flow, campaign and kind of device, as the context records them (with other requests' steps,
 * off the response's path). Analytics never fails a parent's page: a failed write is reported
 * and the page goes on.
 */
export async function recordFunnelSighting(
  context: SightingContext & Pick<RequestContext, "errors" | "recordSighting">,
  request: Request,
  input: SightingInput,
): Promise<void> {
  try {
    await context.recordSighting(funnelSightingOf(context, request, input));
  } catch (error) {
    context.errors.report(error, { msg: "funnel step not recorded", extra: { steps: input.steps.join(",") } });
  }
}

/** What the funnel keeps of a request's steps: the device, the page, the place, the campaign, the browser. */
export function funnelSightingOf(
  context: SightingContext,
  request: Pick<Request, "url"> & { headers: Pick<Headers, "get"> },
  input: SightingInput,
): ServerSighting & { steps: readonly string[] } {
  const url = new URL(request.url);
  return {
    deviceId: context.deviceId,
    userId: input.userId ?? null,
    at: new Date(),
    page: url.pathname,
    countryCode: context.geo.countryCode,
    utmSource: url.searchParams.get("utm_source")?.slice(0, 200) || null,
    utmCampaign: url.searchParams.get("utm_campaign")?.slice(0, 200) || null,
    userAgent: request.headers.get("user-agent"),
    steps: input.steps,
  };
}

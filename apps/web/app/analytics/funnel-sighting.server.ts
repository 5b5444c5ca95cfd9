import { recordServerSteps } from "@kinderready/domain/analytics/visitor-funnel.server";
import type { RequestContext } from "../load-context.ts";

/**
 * Records funnel steps the server itself saw on this request (a page it served, an email it
 * stored, a checkout it started) for the request's device, with the visit's country, language,
 * flow, campaign and kind of device. Analytics never fails a parent's page: a failed write is
 * reported and the page goes on.
 */
export async function recordFunnelSighting(
  context: Pick<RequestContext, "services" | "geo" | "deviceId" | "errors">,
  request: Request,
  input: { steps: readonly string[]; userId?: string | null },
): Promise<void> {
  const url = new URL(request.url);
  try {
    await recordServerSteps(context.services.db, {
      deviceId: context.deviceId,
      userId: input.userId ?? null,
      at: new Date(),
      page: url.pathname,
      countryCode: context.geo.countryCode,
      utmSource: url.searchParams.get("utm_source")?.slice(0, 200) || null,
      utmCampaign: url.searchParams.get("utm_campaign")?.slice(0, 200) || null,
      userAgent: request.headers.get("user-agent"),
      steps: input.steps,
    });
  } catch (error) {
    context.errors.report(error, { msg: "funnel step not recorded", extra: { steps: input.steps.join(",") } });
  }
}

import type {
  AmplitudeHttp,
  ConversionAdapter,
  ConversionDestination,
} from "../../analytics/forwarding/forwarding-adapter.server.ts";
import { type AmplitudeHttpConfig, createAmplitudeHttp } from "./amplitude-http.server.ts";
import { createGa4MeasurementAdapter, type Ga4MeasurementConfig } from "./ga4-measurement.server.ts";
import { createMetaCapiAdapter, type MetaCapiConfig } from "./meta-capi.server.ts";
import { createTiktokEventsAdapter, type TiktokEventsConfig } from "./tiktok-events.server.ts";

/** Each destination's settings; undefined leaves it off. */
export type ForwardingDestinations = {
  meta: MetaCapiConfig | undefined;
  ga4: Ga4MeasurementConfig | undefined;
  tiktok: TiktokEventsConfig | undefined;
  amplitude: AmplitudeHttpConfig | undefined;
};

/**
 * The adapters for the destinations configured: every one receives conversions; Amplitude also
 * receives the stored product-analytics events.
 */
export function createForwardingAdapters(destinations: ForwardingDestinations): {
  conversions: ConversionAdapter[];
  amplitude: AmplitudeHttp | undefined;
} {
  const { meta, ga4, tiktok, amplitude } = destinations;
  const amplitudeHttp = amplitude ? createAmplitudeHttp(amplitude) : undefined;
  return {
    conversions: [
      ...(meta ? [createMetaCapiAdapter(meta)] : []),
      ...(ga4 ? [createGa4MeasurementAdapter(ga4)] : []),
      ...(tiktok ? [createTiktokEventsAdapter(tiktok)] : []),
      ...(amplitudeHttp ? [amplitudeHttp] : []),
    ],
    amplitude: amplitudeHttp,
  };
}

/** The destinations with all their keys set, as the console reports them. */
export const configuredDestinations = (destinations: ForwardingDestinations): ConversionDestination[] =>
  createForwardingAdapters(destinations).conversions.map((adapter) => adapter.name);

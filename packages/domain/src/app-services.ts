import type { PgBoss } from "pg-boss";
import type { ConversionDestination } from "./analytics/forwarding/forwarding-adapter.server.ts";
import type { MailSender } from "./email/mail.ts";
import type { SplitConfig } from "./experiments/split-config.server.ts";
import type { OnboardingDeps } from "./onboarding/onboarding.server.ts";
import type { CheckoutDeps } from "./payments/checkout.server.ts";
import type { WebhookKeys } from "./payments/webhooks.server.ts";
import type { PrintablesDeps } from "./printables/printables.server.ts";

/** What the server hands the API routes and the page loaders: the domain's dependencies. */
export type AppServices = OnboardingDeps & {
  payments: CheckoutDeps;
  /** The split tests' configuration, read through the process's cache. */
  splits: SplitConfig;
  printables: PrintablesDeps;
  /** The profile: sign-in links, consent, data deletion, the contact form. */
  account: AccountDeps;
  /** The key pair the gateway signs its webhooks with. */
  webhookKeys: WebhookKeys;
  /** The job queue, for work that must not happen in a request. */
  jobs: Pick<PgBoss, "send">;
  /** The product's own origin: the only place a payment may send a parent back to. */
  appUrl: string;
  /** The conversion destinations this process is configured for (the console shows which). */
  forwardingDestinations: readonly ConversionDestination[];
  /** The offer countdown's length (OFFER_TIMER_TIMEOUT), unless the operator set one in the console. */
  offerTimerTimeout: number;
};

export type AccountDeps = OnboardingDeps & {
  now: () => Date;
  /** Sends the one email that must not be logged: the confirmation that data was deleted. */
  sender: MailSender;
  supportEmail: string;
  accessLinkSecret: string;
};

import type { Database } from "@kinderready/db/open-db";
import { funnelSteps } from "@kinderready/domain/analytics/funnel-steps";
import { rebuildVisitorFunnel } from "@kinderready/domain/analytics/visitor-funnel.server";
import { flows } from "@kinderready/domain/flows";
import { currencyFor } from "@kinderready/domain/pricing/currency";
import { seedPriceCatalogue } from "@kinderready/domain/pricing/price-config.server";
import { soldProduct } from "@kinderready/domain/product";
import { sql } from "drizzle-orm";

// A synthetic business for the operator console: visitors walking the funnel to a random depth,
// parents who left an email, purchases, renewals (some failed, some recovered), upsells,
// refunds, cancellations with reasons and intro-offer split exposures, over the last 90 days.
// Written with set-based SQL (a million events take seconds, not minutes), then the funnel table
// is rebuilt from the events by the product's own code. Deterministic for a given size.
// Used by bench/console.ts (1,000,000 events, 50,000 parents) and the console's e2e tests.

export type ConsoleDataSize = { users: number; events: number; now: Date };

const markets = [
  ["en", "us"],
  ["en", "us"],
  ["en", "gb"],
  ["en", "ca"],
  ["de", "de"],
  ["fr", "fr"],
  ["es", "es"],
  ["pt", "br"],
  ["ru", "kz"],
  ["ar", "ae"],
] as const;
const sources = ["facebook", "facebook", "tiktok", "google", "newsletter"];
const campaigns = ["spring-kit", "readiness-30", "tantrums-video", "retarget-1"];
const agents = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
];

const list = (values: readonly string[]) => sql.raw(`array[${values.map((value) => `'${value}'`).join(",")}]`);
const stepIndex = (id: string) => funnelSteps.findIndex((step) => step.id === id);

export async function seedConsoleData(db: Database, size: ConsoleDataSize): Promise<void> {
  await seedPriceCatalogue({ db });
  // Parents are the first two thirds of the visitors; the rest left during the quiz.
  const visitors = Math.ceil(size.users * 1.5);
  const emailStep = stepIndex("email");
  const checkoutStep = stepIndex("checkout");
  // Steps only the server records have no event to seed.
  const lastStep = funnelSteps.findLastIndex((step) => step.event !== null);
  const now = size.now.toISOString();
  const steps = sql.raw(
    funnelSteps
      .slice(0, lastStep + 1)
      .map((step, index) => {
        const [kind] = step.id.split(":");
        const page = kind === "quiz" || index <= emailStep ? "quiz" : step.id.startsWith("upsell") ? "kit" : "offer";
        return `(${index}, '${step.event}', ${step.step ? `'${step.step}'` : "null"}, '${page}', ${step.server === true})`;
      })
      .join(","),
  );

  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`
      create temp table seed_visitors on commit drop as
      select i,
        'seed-device-' || lpad(i::text, 10, '0') as device_id,
        m.locale, m.country, m.currency,
        case when random() < 0.35 then 'copy_1' else 'main' end as flow,
        (${list(sources)})[1 + floor(random() * ${sources.length})::int] as utm_source,
        (${list(campaigns)})[1 + floor(random() * ${campaigns.length})::int] as utm_campaign,
        (${list(agents)})[1 + floor(random() * ${agents.length})::int] as ua,
        ${now}::timestamptz - random() * interval '90 days' as first_seen,
        case when i <= ${size.users}
          then ${emailStep} + floor(power(random(), 1.5) * ${lastStep - emailStep + 1})::int
          else floor(power(random(), 2) * ${emailStep})::int end as depth,
        null::uuid as user_id
      from generate_series(1, ${visitors}) as i
      cross join lateral (
        select * from (values ${sql.raw(
          markets.map(([locale, country]) => `('${locale}', '${country}', '${currencyFor(country)}')`).join(","),
        )}) as m (locale, country, currency)
        offset floor(random() * ${markets.length} + i * 0)::int limit 1
      ) as m`);
    await tx.execute(sql`
      create temp table seed_steps (idx int, name text, step text, page text, server boolean) on commit drop`);
    await tx.execute(sql`insert into seed_steps values ${steps}`);

    await tx.execute(sql`
      insert into users (token, product, email, locale, country_code, flow, purchase_path, kid_name, kid_age,
        marketing_contact_id, created_at, updated_at)
      select 'seed-token-' || i, ${soldProduct}, 'seed-' || i || '@example.test', locale, country, flow,
        case when flow = 'copy_1' then ${flows.copy_1.purchasePath} else ${flows.main.purchasePath} end,
        'Kid ' || i, 3 + i % 4, 'seed-contact-' || i, first_seen, first_seen
      from seed_visitors where i <= ${size.users}`);
    await tx.execute(sql`
      update seed_visitors v set user_id = u.id from users u where u.token = 'seed-token-' || v.i`);

    // The events themselves: one per step reached, the rest answers and page views, to the size asked.
    await tx.execute(sql`
      insert into analytics_events (event_id, name, user_id, device_id, session_id, occurred_at, page, properties)
      select gen_random_uuid(), s.name, case when s.idx >= ${emailStep} then v.user_id end, v.device_id,
        (extract(epoch from v.first_seen) * 1000)::bigint, v.first_seen + s.idx * interval '25 seconds',
        (case when v.locale = 'en' then '' else '/' || v.locale end) ||
          case s.page when 'quiz' then (case when v.flow = 'copy_1' then ${flows.copy_1.quizPath} else ${flows.main.quizPath} end)
                      when 'offer' then (case when v.flow = 'copy_1' then ${flows.copy_1.purchasePath} else ${flows.main.purchasePath} end)
                      else '/printables/' end,
        case when s.name in ('upsell_viewed', 'upsell_bought') then jsonb_build_object(
            'mode', case when v.i % 2 = 0 then 'POPUP' else 'TABS' end,
            'variant', case when v.i % 3 = 0 then 'catchy' else 'initial' end,
            'type', case when v.i % 5 = 0 then 'lifetime' else 'upsale' end)
          when s.step is null then '{}'::jsonb
          else jsonb_build_object('step', s.step, 'flow', v.flow) end
      from seed_visitors v join seed_steps s on s.idx <= v.depth
      -- 50,000 parents who each answered twenty questions would be more than a million events
      -- alone: beyond the steps the server records itself (never lost), a share of the browser's
      -- step events is left out (lost or sent elsewhere), so that steps fill nine tenths of the
      -- size asked and page views the rest.
      where s.idx = 0 or s.server or random() < least(1, 0.9 * ${size.events} / (select sum(depth + 1) from seed_visitors))`);
    await tx.execute(sql`
      insert into analytics_events (event_id, name, user_id, device_id, session_id, occurred_at, page, properties)
      select gen_random_uuid(), case when j % 3 = 0 then 'page_viewed' else 'quiz_step_answered' end, null,
        v.device_id, (extract(epoch from v.first_seen) * 1000)::bigint, v.first_seen + (j % 40) * interval '7 seconds',
        '/onboarding/', '{}'::jsonb
      from generate_series(1, greatest(0, ${size.events} - (select count(*) from analytics_events))) as j
      join seed_visitors v on v.i = 1 + j % ${visitors}`);
    await tx.execute(sql`
      insert into analytics_visits (user_id, device_id, ua, locale, country_code, utm_source, utm_campaign, created_at)
      select user_id, device_id, ua, locale, country, utm_source, utm_campaign, first_seen from seed_visitors`);

    // Buyers: most who started checkout. Each paid for a subscription in their currency.
    await tx.execute(sql`
      create temp table seed_buyers on commit drop as
      select v.*, v.first_seen + (5 + random() * 240) * interval '1 minute' as paid_at,
        random() as fate
      from seed_visitors v where v.user_id is not null and v.depth >= ${checkoutStep} and random() < 0.7`);
    const order = (purpose: string, status: string, key: string, kind: string, at: string, where: string) =>
      sql.raw(`
      insert into orders (order_id, user_id, purpose, idempotency_key, price_plan_id, amount, currency, gateway,
        status, error_code, created_at, updated_at)
      select 'seed-${key}-' || b.i, b.user_id, '${purpose}', '${key}', p.id, p.amount, b.currency, 'simulator',
        '${status}', ${status === "declined" ? "'3.02'" : "null"}, ${at}, ${at}
      from seed_buyers b
      join lateral (select id, ${purpose === "renewal" ? "renewal_amount" : "amount"} as amount from price_plans
        where kind = '${kind}' and currency = b.currency and split_group in ('A', 'all') and variant = 'initial'
        limit 1) as p on true
      where ${where}`);
    await tx.execute(order("subscription", "approved", "first", "subscription", "b.paid_at", "true"));
    await tx.execute(
      order(
        "subscription",
        "refunded",
        "first-refunded",
        "subscription",
        "b.paid_at + interval '2 days'",
        "b.fate < 0.03",
      ),
    );
    await tx.execute(
      order("renewal", "approved", "renewal-1:0", "subscription", "b.paid_at + interval '3 days'", "b.fate >= 0.45"),
    );
    await tx.execute(
      order(
        "renewal",
        "declined",
        "renewal-1-failed:0",
        "subscription",
        "b.paid_at + interval '3 days'",
        "b.fate between 0.30 and 0.45",
      ),
    );
    await tx.execute(
      order(
        "renewal",
        "approved",
        "renewal-1-recovered:1",
        "subscription",
        "b.paid_at + interval '5 days'",
        "b.fate between 0.38 and 0.45",
      ),
    );
    await tx.execute(
      order("upsale", "approved", "upsale", "upsale", "b.paid_at + interval '3 minutes'", "b.fate >= 0.75"),
    );
    await tx.execute(
      order("lifetime", "approved", "lifetime", "lifetime", "b.paid_at + interval '4 minutes'", "b.fate >= 0.95"),
    );
    // As the payment code books them: a refunded order was charged first, then refunded a day later.
    await tx.execute(sql`
      insert into ledger_entries (user_id, order_id, type, amount, currency, created_at)
      select user_id, order_id, case status when 'declined' then 'decline' else 'charge' end,
        case when status = 'declined' then null else amount end, currency, created_at
      from orders where order_id like 'seed-%'
      union all
      select user_id, order_id, 'refund', -amount, currency, created_at + interval '1 day'
      from orders where order_id like 'seed-%' and status = 'refunded'`);
    await tx.execute(sql`
      insert into subscriptions (user_id, product, status, price_plan_id, renewal_amount, currency, period_days,
        trial_ends_at, current_period_end, failed_renewals, cancelled_at, cancel_reason, created_at, updated_at)
      select b.user_id, ${soldProduct},
        case when b.fate < 0.30 then 'cancelled' when b.fate < 0.38 then 'past_due' else 'active' end,
        o.price_plan_id, p.renewal_amount, b.currency, p.period_days, b.paid_at + interval '3 days', b.paid_at + interval '33 days',
        case when b.fate between 0.30 and 0.38 then 1 else 0 end,
        case when b.fate < 0.30 then b.paid_at + interval '1 day' end,
        case when b.fate < 0.30 then (${list(["high_price", "unable_to_get_content", "unable_to_get_app_access", "other"])})[1 + floor(b.fate * 100)::int % 4] end,
        b.paid_at, b.paid_at
      from seed_buyers b join orders o on o.order_id = 'seed-first-' || b.i
      join price_plans p on p.id = o.price_plan_id`);
    // The signed-in cancel flow: the cancelled met the answer to their reason and declined it; some
    // were kept by it (a pause, lifetime access, help) and some walked away undecided. Pauses are
    // in the ledger as the billing code books them; cancellations as the profile received them.
    await tx.execute(sql`
      insert into cancel_flow_sessions (user_id, reason, offer, outcome, saved_by, experiment_group, renewal_amount,
        currency, started_at, decided_at)
      select s.user_id, r.reason,
        case r.reason when 'high_price' then g.tried when 'other' then 'pause' when 'not_using_now' then 'pause'
          else 'help' end,
        case when b.fate < 0.30 then 'cancelled' when b.fate < 0.55 then 'saved' end,
        case when b.fate between 0.45 and 0.55 then
          case r.reason when 'high_price' then case g.tried when 'pause' then 'pause:1' else 'lifetime' end
            when 'other' then 'pause:2' when 'not_using_now' then 'pause:1' else 'help' end
        end,
        case when r.reason = 'high_price' then g.tried end,
        s.renewal_amount, s.currency, b.paid_at + interval '1 day',
        case when b.fate < 0.55 then b.paid_at + interval '1 day 2 minutes' end
      from seed_buyers b join subscriptions s on s.user_id = b.user_id
      cross join lateral (select coalesce(s.cancel_reason,
        (${list(["not_using_now", "high_price", "unable_to_get_content", "other", "unable_to_get_app_access"])})[1 + floor(b.fate * 1000)::int % 5]) as reason) r
      -- The save-offer experiment's two groups for "Too expensive", half each.
      cross join lateral (select case when floor(b.fate * 10000)::int % 2 = 0 then 'lifetime' else 'pause' end as tried) g
      where b.fate < 0.30 or b.fate between 0.45 and 0.58`);
    // The emails the buyers were sent: a receipt each, a payment-failed email to those past due,
    // a confirmation to those who cancelled; some had a link followed.
    await tx.execute(sql`
      insert into email_messages (user_id, kind, recipient, status, created_at, sent_at, first_clicked_at, clicks)
      select b.user_id, e.kind || ':seed-' || b.i, u.email, 'sent', e.at, e.at,
        case when (b.fate * 7)::numeric % 1 < e.clicked then e.at + interval '3 hours' end,
        case when (b.fate * 7)::numeric % 1 < e.clicked then 1 else 0 end
      from seed_buyers b join users u on u.id = b.user_id
      cross join lateral (values
        ('receipt', b.paid_at, 0.2, true),
        ('payment-failed', b.paid_at + interval '3 days', 0.6, b.fate between 0.30 and 0.38),
        ('cancellation-confirmed', b.paid_at + interval '1 day', 0.1, b.fate < 0.30)
      ) as e(kind, at, clicked, sent)
      where e.sent and u.email is not null`);
    await tx.execute(sql`
      insert into ledger_entries (user_id, subscription_id, type, details, created_at)
      select c.user_id, s.id, 'pause_scheduled', jsonb_build_object('periods', 1), c.decided_at
      from cancel_flow_sessions c join subscriptions s on s.user_id = c.user_id
      where c.saved_by like 'pause:%'
      union all
      select c.user_id, s.id, 'state_change', jsonb_build_object('from', 'trialing', 'to', 'paused'),
        c.decided_at + interval '2 days'
      from cancel_flow_sessions c join subscriptions s on s.user_id = c.user_id
      where c.saved_by like 'pause:%' and c.decided_at + interval '2 days' < ${now}::timestamptz`);
    await tx.execute(sql`
      insert into cancellation_requests (user_id, channel, kind, reason, outcome, ends_at, received_at)
      select user_id, 'profile', 'ordinary', cancel_reason, 'cancelled', current_period_end, cancelled_at
      from subscriptions where status = 'cancelled' and cancelled_at is not null`);
    // The intro-offer split runs in English on the copy: everyone who reached the offer there.
    await tx.execute(sql`
      insert into split_exposures (user_id, split_name, "group", exposed_at)
      select user_id, 'intro-offer', case when random() < 0.5 then 'A' else 'B' end, first_seen + interval '2 minutes'
      from seed_visitors where user_id is not null and locale = 'en' and flow = 'copy_1'`);
  });
  await rebuildVisitorFunnel({ db });
}

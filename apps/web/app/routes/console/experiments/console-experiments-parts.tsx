import type { ExperimentResults } from "@kinderready/domain/console/experiment-results.server";
import type { SplitPhase } from "@kinderready/domain/experiments/split-phases.server";
import type { ConsoleKey } from "@kinderready/i18n/message-keys";
import type { Translate as TranslateKeys } from "@kinderready/i18n/translator";
import { Form } from "react-router";
import { formatMoment, formatShare } from "../../../console/console-format.ts";
import { useTranslation } from "../../../i18n/translation-context.tsx";

// The experiments page's reading controls and verdicts: which phase and segment, what the phase
// was (its dates, weights and control), and its sample-ratio check.

type Translate = TranslateKeys<ConsoleKey>;

/** "Phase 2: 3 Mar 2026, 10:00 to 9 Mar 2026, 16:30". */
function phaseName(t: Translate, locale: string, phase: SplitPhase, number: number): string {
  const from = phase.startedAt && formatMoment(locale, phase.startedAt, "short");
  const to = phase.endedAt && formatMoment(locale, phase.endedAt, "short");
  if (from)
    return to ? t("experiments.phase.ended", { number, from, to }) : t("experiments.phase.current", { number, from });
  return to ? t("experiments.phase.firstEnded", { number, to }) : t("experiments.phase.firstCurrent", { number });
}

/** "A 20% · B 80% · control A", or why there are no weights to show. */
function phaseSetup(t: Translate, locale: string, phase: SplitPhase): string {
  const total = phase.groups?.reduce((sum, group) => sum + group.weight, 0) ?? 0;
  const weights = phase.groups
    ? phase.groups.map((group) =>
        t("experiments.phase.weight", {
          group: group.name,
          share: formatShare(locale, total ? group.weight / total : 0),
        }),
      )
    : [t("experiments.phase.unknownWeights")];
  return [
    ...weights,
    t("experiments.phase.controlIs", { group: phase.control }),
    ...(phase.running ? [] : [t("experiments.phase.stopped")]),
  ].join(" · ");
}

export function ExperimentFilters({
  results,
  languageName,
}: {
  results: ExperimentResults;
  languageName: (code: string) => string;
}) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const locale = i18n.language;
  const select = (name: "country" | "locale" | "device", options: string[], label: (value: string) => string) => {
    const chosen = results.segment[name];
    // A chosen value stays selectable even when this split has none of it.
    const values = chosen && !options.includes(chosen) ? [chosen, ...options] : options;
    return (
      <label className="console-field">
        <span>{t(`experiments.filters.${name}`)}</span>
        <select name={name} defaultValue={chosen ?? ""}>
          <option value="">{t("experiments.filters.all")}</option>
          {values.map((value) => (
            <option key={value} value={value}>
              {label(value)}
            </option>
          ))}
        </select>
      </label>
    );
  };
  return (
    <Form method="get" className="console-filters" aria-label={t("experiments.filters.legend")}>
      <input type="hidden" name="split" value={results.split} />
      <label className="console-field console-field--wide">
        <span>{t("experiments.filters.phase")}</span>
        <select name="phase" defaultValue={results.phase.id}>
          {results.phases
            .map((phase, index) => ({ phase, index }))
            .reverse()
            .map(({ phase, index }) => (
              <option key={phase.id} value={phase.id}>
                {`${phaseName(t, locale, phase, index + 1)} (${phaseSetup(t, locale, phase)})`}
              </option>
            ))}
        </select>
      </label>
      {select("country", results.segments.countries, (code) => code.toUpperCase())}
      {select("locale", results.segments.locales, languageName)}
      {select("device", results.segments.devices, (device) => ifKnown(`filters.devices.${device}`) ?? device)}
      <button type="submit" className="console-button">
        {t("experiments.filters.show")}
      </button>
    </Form>
  );
}

/** The phase being read: its dates, then its weights and control. */
export function PhaseSummary({ results }: { results: ExperimentResults }) {
  const { t, i18n } = useTranslation("console");
  const number = results.phases.findIndex((phase) => phase.id === results.phase.id) + 1;
  return (
    <p>
      <strong>{phaseName(t, i18n.language, results.phase, number)}</strong>
      <br />
      {phaseSetup(t, i18n.language, results.phase)}
    </p>
  );
}

/** The phase's sample-ratio verdict, as an alert when the assignment looks broken. */
export function SampleRatioNote({ verdict }: { verdict: ExperimentResults["sampleRatio"] }) {
  const { t } = useTranslation("console");
  if (!verdict) return <p className="console-note">{t("experiments.srm.unknown")}</p>;
  if (verdict.state === "too-few") {
    return <p className="console-note">{t("experiments.srm.tooFew", { count: verdict.total })}</p>;
  }
  if (verdict.state === "ok") {
    return (
      <p className="console-ok">
        {verdict.test ? t("experiments.srm.ok", { p: verdict.test.pValue.toFixed(3) }) : t("experiments.srm.single")}
      </p>
    );
  }
  return (
    <p role="alert" className="console-error">
      {verdict.unexpected.length > 0
        ? t("experiments.srm.unexpected", { groups: verdict.unexpected.join(", ") })
        : t("experiments.srm.mismatch", { p: (verdict.test?.pValue ?? 0).toExponential(2) })}
    </p>
  );
}

import type { ExperimentStatus } from "@kinderready/domain/console/experiment-admin.server";
import { Form, useNavigation } from "react-router";
import { CsrfField } from "../../../console/csrf-field.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";

// The chosen split's settings: while it runs, its weights, its control and stopping it; once
// stopped, starting it again. Each is a form of its own, posting the split's name.

type SettingsProps = {
  split: ExperimentStatus;
  /** The field the last change refused, if it refused one. */
  invalidField: string | undefined;
};

export function SplitSettings({
  split,
  invalidField,
  resultsControl,
}: SettingsProps & {
  /** The control the results read, shown when the split names none of its own. */
  resultsControl: string | undefined;
}) {
  const { t } = useTranslation("console");
  return (
    <section aria-labelledby="split-settings" className="console-card">
      <h2 id="split-settings">{t("experiments.settings", { name: split.name })}</h2>
      {split.running ? (
        <>
          <SplitWeightsForm split={split} invalidField={invalidField} />
          <SplitControlForm split={split} invalidField={invalidField} resultsControl={resultsControl} />
          <SplitSwitchForm split={split} />
        </>
      ) : (
        <SplitSwitchForm split={split} />
      )}
    </section>
  );
}

function SplitWeightsForm({ split, invalidField }: SettingsProps) {
  const { t } = useTranslation("console");
  const saving = useNavigation().state === "submitting";
  return (
    <Form method="post" className="console-form console-form--inline">
      <CsrfField />
      <input type="hidden" name="split" value={split.name} />
      <fieldset>
        <legend>{t("experiments.weights")}</legend>
        {split.groups.map((group) => (
          <label key={group.name} className="console-field">
            <span>{t("experiments.group", { group: group.name })}</span>
            <input
              name={`weight.${group.name}`}
              type="number"
              inputMode="decimal"
              min="0"
              max="1000"
              step="any"
              required
              defaultValue={group.weight}
              aria-invalid={invalidField === `weight.${group.name}`}
            />
          </label>
        ))}
      </fieldset>
      <button type="submit" name="intent" value="weights" className="console-button" disabled={saving}>
        {t("experiments.saveWeights")}
      </button>
    </Form>
  );
}

function SplitControlForm({
  split,
  invalidField,
  resultsControl,
}: SettingsProps & { resultsControl: string | undefined }) {
  const { t } = useTranslation("console");
  const saving = useNavigation().state === "submitting";
  return (
    <Form method="post" className="console-form console-form--inline">
      <CsrfField />
      <input type="hidden" name="split" value={split.name} />
      {/* Labelled from outside: a label around a select names it with the chosen option too. */}
      <div className="console-field">
        <label htmlFor="split-control">{t("experiments.control")}</label>
        <select
          id="split-control"
          name="control"
          defaultValue={split.control ?? resultsControl}
          aria-describedby="control-hint"
          aria-invalid={invalidField === "control"}
        >
          {split.groups.map((group) => (
            <option key={group.name} value={group.name}>
              {t("experiments.group", { group: group.name })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" name="intent" value="control" className="console-button" disabled={saving}>
        {t("experiments.saveControl")}
      </button>
      <p id="control-hint" className="console-note">
        {t("experiments.controlHint")}
      </p>
    </Form>
  );
}

/** Stops a running split, or starts a stopped one again. */
function SplitSwitchForm({ split }: { split: ExperimentStatus }) {
  const { t } = useTranslation("console");
  const saving = useNavigation().state === "submitting";
  return (
    <Form method="post">
      <CsrfField />
      <input type="hidden" name="split" value={split.name} />
      {split.running ? (
        <button
          type="submit"
          name="intent"
          value="stop"
          className="console-button console-button--danger"
          disabled={saving}
        >
          {t("experiments.stop")}
        </button>
      ) : (
        <>
          <p>{t("experiments.stoppedHint")}</p>
          <button type="submit" name="intent" value="start" className="console-button" disabled={saving}>
            {t("experiments.start")}
          </button>
        </>
      )}
    </Form>
  );
}

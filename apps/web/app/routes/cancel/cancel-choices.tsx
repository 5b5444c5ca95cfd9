import { Field } from "../../components/forms/field.tsx";
import { useTranslation } from "../../i18n/translation-context.tsx";
import type { CancelValues } from "./cancel-route.server.ts";

// The declaration's choices, as plain radios: each starts from what a refused post carried back.

/** Ordinary or extraordinary; ordinary unless the post said otherwise. */
export function CancelKindChoice({ values, failed }: { values: CancelValues | undefined; failed: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="profile__reasons"
      aria-describedby={failed ? "cancel-kind-error" : undefined}
      aria-invalid={failed || undefined}
    >
      <legend>{t("legalCancel.kind")}</legend>
      <label className="answer answer--check">
        <input type="radio" name="kind" value="ordinary" defaultChecked={values?.kind !== "extraordinary"} />
        <span>{t("legalCancel.ordinary")}</span>
      </label>
      <label className="answer answer--check">
        <input type="radio" name="kind" value="extraordinary" defaultChecked={values?.kind === "extraordinary"} />
        <span>{t("legalCancel.extraordinary")}</span>
      </label>
      {failed && (
        <p id="cancel-kind-error" className="field__error" role="alert">
          {t("legalCancel.kindRequired")}
        </p>
      )}
    </fieldset>
  );
}

/** When it ends: the earliest possible date, or a date from today on. */
export function CancelEndChoice({
  values,
  today,
  failed,
}: {
  values: CancelValues | undefined;
  today: string;
  failed: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="profile__reasons">
      <legend>{t("legalCancel.end")}</legend>
      <label className="answer answer--check">
        <input type="radio" name="end" value="earliest" defaultChecked={values?.end !== "date"} />
        <span>{t("legalCancel.endEarliest")}</span>
      </label>
      <label className="answer answer--check">
        <input type="radio" name="end" value="date" defaultChecked={values?.end === "date"} />
        <span>{t("legalCancel.endOn")}</span>
      </label>
      <Field
        id="cancel-end-date"
        name="endDate"
        type="date"
        min={today}
        label={t("legalCancel.endDate")}
        error={failed ? t("legalCancel.endDateInvalid") : undefined}
        defaultValue={values?.endDate}
      />
    </fieldset>
  );
}

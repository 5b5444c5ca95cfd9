import type { PricePlanRow } from "@kinderready/domain/console/offer-settings.server";
import { Form, useActionData, useNavigation } from "react-router";
import { formatMoney } from "../../../console/console-format.ts";
import { CsrfField } from "../../../console/csrf-field.tsx";
import type { CsvTable } from "../../../console/csv.ts";
import type { CellFormat, TableColumns } from "../../../console/data-table.tsx";
import { tableCsv } from "../../../console/data-table.tsx";
import { useTranslation } from "../../../i18n/translation-context.tsx";
import type { OfferActionResult } from "./console-offer-route.server.ts";

// The price catalogue, on the offer page (each plan's prices editable in its row, saved by the
// row's button) and as CSV (minor units, the last change's time).

const groupName = ({ t }: Pick<CellFormat, "t">, row: PricePlanRow) =>
  row.splitGroup === "all" ? t("offer.allGroups") : row.splitGroup;

/** The plan a row's inputs and button belong to, in words, for their accessible names. */
function usePlanName(row: PricePlanRow) {
  const { t, ifKnown } = useTranslation("console");
  return t("offer.planName", {
    kind: ifKnown(`offer.kinds.${row.kind}`) ?? row.kind,
    variant: ifKnown(`offer.variants.${row.variant}`) ?? row.variant,
    group: groupName({ t }, row),
    currency: row.currency,
  });
}

/** The offer page's last save, when it was this row's. */
function useRowResult(row: PricePlanRow) {
  const result = useActionData<OfferActionResult>();
  return result?.planId === row.id ? result : undefined;
}

const formId = (row: PricePlanRow) => `plan-${row.id}`;
const major = (minor: number | null) => (minor === null ? "" : (minor / 100).toFixed(2));

type PriceField = "amount" | "oldAmount" | "renewalAmount";

/** A price in major units, in the row's form (the form sits in the row's last cell). */
function PriceInput({ row, field, required }: { row: PricePlanRow; field: PriceField; required: boolean }) {
  const { t } = useTranslation("console");
  const name = usePlanName(row);
  const mine = useRowResult(row);
  return (
    <input
      form={formId(row)}
      name={field}
      inputMode="decimal"
      pattern="[0-9]+([.,][0-9]{1,2})?"
      size={7}
      required={required}
      defaultValue={major(row[field])}
      aria-label={`${t(`offer.columns.${field}`)}: ${name}`}
      aria-invalid={mine?.ok === false && mine.field === field ? true : undefined}
    />
  );
}

/** The row's form and its save button, and what the last save of this row said. */
function SavePlan({ row }: { row: PricePlanRow }) {
  const { t, ifKnown, i18n } = useTranslation("console");
  const busy = useNavigation().state === "submitting";
  const name = usePlanName(row);
  const mine = useRowResult(row);
  return (
    <>
      <Form method="post" id={formId(row)}>
        <CsrfField />
        <input type="hidden" name="id" value={row.id} />
        <button
          type="submit"
          name="intent"
          value="price"
          className="console-button"
          disabled={busy}
          aria-label={t("offer.savePlan", { plan: name })}
        >
          {t("offer.save")}
        </button>
      </Form>
      {mine && (
        <p role={mine.ok ? "status" : "alert"} className={mine.ok ? "console-ok" : "console-error"}>
          {mine.ok
            ? t("offer.saved", { price: formatMoney(i18n.language, row.amount, row.currency) })
            : (ifKnown(mine.messageKey) ?? t("errors.generic"))}
        </p>
      )}
    </>
  );
}

export const priceColumns: TableColumns<PricePlanRow> = [
  {
    header: "offer.columns.kind",
    cell: (row, { ifKnown }) => ifKnown(`offer.kinds.${row.kind}`) ?? row.kind,
    csv: [{ name: "kind", value: (row) => row.kind }],
  },
  {
    header: "offer.columns.currency",
    cell: (row) => row.currency,
    csv: [{ name: "currency", value: (row) => row.currency }],
  },
  {
    header: "offer.columns.group",
    cell: (row, format) => groupName(format, row),
    csv: [{ name: "split_group", value: (row) => row.splitGroup }],
  },
  {
    header: "offer.columns.variant",
    cell: (row, { ifKnown }) => ifKnown(`offer.variants.${row.variant}`) ?? row.variant,
    csv: [{ name: "variant", value: (row) => row.variant }],
  },
  {
    header: "offer.columns.amount",
    cell: (row) => <PriceInput row={row} field="amount" required />,
    csv: [{ name: "amount_minor", value: (row) => row.amount }],
  },
  {
    header: "offer.columns.oldAmount",
    cell: (row) => <PriceInput row={row} field="oldAmount" required={false} />,
    csv: [{ name: "old_amount_minor", value: (row) => row.oldAmount }],
  },
  {
    header: "offer.columns.renewalAmount",
    // Only a subscription renews.
    cell: (row) => (row.kind === "subscription" ? <PriceInput row={row} field="renewalAmount" required /> : "—"),
    csv: [{ name: "renewal_amount_minor", value: (row) => row.renewalAmount }],
  },
  {
    header: "offer.columns.discount",
    cell: (row) => (row.discountPercent === null ? "—" : `${row.discountPercent}%`),
    csv: [{ name: "discount_percent", value: (row) => row.discountPercent }],
  },
  {
    header: "offer.columns.productName",
    cell: (row) => <code>{row.productName}</code>,
    csv: [{ name: "product_name", value: (row) => row.productName }],
  },
  { header: "offer.save", headerHidden: true, cell: (row) => <SavePlan row={row} />, csv: [] },
  { page: false, csv: [{ name: "updated_at", value: (row) => row.updatedAt.toISOString() }] },
];

export const priceTable = (plans: readonly PricePlanRow[]): CsvTable => tableCsv(priceColumns, plans);

import { useTranslation } from "../../i18n/translation-context.tsx";

// What a parent looks for before paying: the refund promise and the ways to pay. Drawn here
// (no third-party images); each mark is an image with its name for screen readers.

const page = "purchase.pages.subscription-offer";

function GuaranteeBadge({ label }: { label: string }) {
  return (
    <svg className="trust__badge" role="img" aria-label={label} viewBox="0 0 48 56" width="40" height="46">
      <path d="M24 2 44 9v17c0 13-9 23-20 28C13 49 4 39 4 26V9Z" fill="#2e7d4f" />
      <path d="M24 7 39 12v14c0 10-7 18-15 22C16 44 9 36 9 26V12Z" fill="#fff" opacity=".18" />
      <text x="24" y="30" textAnchor="middle" fontSize="17" fontWeight="800" fill="#fff" fontFamily="sans-serif">
        30
      </text>
      <path d="m16 38 5 4 11-10" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function CardMark({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <li>
      <svg className="trust__mark" role="img" aria-label={name} viewBox="0 0 46 30" width="46" height="30">
        <rect x=".5" y=".5" width="45" height="29" rx="4" fill="#fff" stroke="#d9d3e8" />
        {children}
      </svg>
    </li>
  );
}

export function TrustMarks() {
  const { t } = useTranslation();
  return (
    <div className="trust">
      <p className="trust__guarantee">
        <GuaranteeBadge label={t(`${page}.guaranteeBadge`)} />
        <span>{t(`${page}.guarantee`)}</span>
      </p>
      <ul className="trust__marks" aria-label={t(`${page}.paymentMethods`)}>
        <CardMark name="Visa">
          <text
            x="23"
            y="20"
            textAnchor="middle"
            fontSize="13"
            fontWeight="900"
            fontStyle="italic"
            fill="#1a1f71"
            fontFamily="sans-serif"
          >
            VISA
          </text>
        </CardMark>
        <CardMark name="Mastercard">
          <circle cx="19" cy="15" r="8" fill="#eb001b" />
          <circle cx="27" cy="15" r="8" fill="#f79e1b" fillOpacity=".9" />
        </CardMark>
        <CardMark name="PayPal">
          <text
            x="23"
            y="19"
            textAnchor="middle"
            fontSize="11"
            fontWeight="800"
            fontStyle="italic"
            fontFamily="sans-serif"
          >
            <tspan fill="#003087">Pay</tspan>
            <tspan fill="#009cde">Pal</tspan>
          </text>
        </CardMark>
      </ul>
    </div>
  );
}

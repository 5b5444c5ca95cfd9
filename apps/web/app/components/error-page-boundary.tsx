import { Component, type ReactNode } from "react";
import { useTranslation } from "../i18n/translation-context.tsx";

function ErrorPageFailed() {
  const { t } = useTranslation();
  return (
    <section className="page page--centered" role="alert">
      <h1>{t("errors.errorPageFailed", { defaultValue: "An error occurred while showing the error page" })}</h1>
    </section>
  );
}

/** Last line of defence: if the error page itself throws, show one plain sentence. */
export class ErrorPageBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <ErrorPageFailed /> : this.props.children;
  }
}

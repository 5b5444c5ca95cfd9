import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "../i18n/translation-context.tsx";

function subscribe(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** Tells the parent, politely and once, when the connection drops and when it is back. */
export function ConnectivityBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const wasOffline = useRef(false);
  const [showBack, setShowBack] = useState(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (!wasOffline.current) return;
    wasOffline.current = false;
    setShowBack(true);
    const timer = setTimeout(() => setShowBack(false), 4000);
    return () => clearTimeout(timer);
  }, [online]);

  const message = online ? (showBack ? t("network.online") : "") : t("network.offline");
  return (
    <div className={message ? "connectivity connectivity--visible" : "connectivity"} role="status" aria-live="polite">
      {message}
    </div>
  );
}

// The action bar under a measuring tab: the step forward of each tab («Рассчитать смету», «Далее: смета»,
// Excel and the contract, «Отправить инженеру»).
import { Icon } from "../Icon.tsx";
import { MissingLine } from "./MeasurementForm.tsx";
import { exportEstimate } from "./export.ts";
import type { MeasurementSession } from "./session.ts";

export type Tab = "measure" | "photos" | "estimate" | "send";

export function TaskWorkActions(
  { tab, session: s, idPrefix, onTab, onSection, onGenerate, onSend, sending }: {
    tab: Tab;
    session: MeasurementSession;
    idPrefix: string;
    onTab: (tab: Tab) => void;
    onSection: (section: string) => void;
    onGenerate: () => void;
    onSend: () => void;
    sending: boolean;
  },
) {
  return (
    <div className="action-bar tw-foot">
      {tab === "measure" && s.config && (
        <>
          <MissingLine
            config={s.config}
            missing={s.missing}
            unconfirmed={s.unconfirmed}
            idPrefix={idPrefix}
            onOpen={onSection}
          />
          <button
            type="button"
            className="btn btn-primary btn-lg"
            disabled={s.generating || s.missing.length > 0}
            onClick={onGenerate}
          >
            {s.generating ? "Расчет сметы..." : "Рассчитать смету"}
          </button>
        </>
      )}
      {tab === "photos" && (
        <button
          type="button"
          className="btn btn-secondary btn-lg"
          onClick={() => onTab("estimate")}
        >
          Далее: смета
        </button>
      )}
      {tab === "estimate" && (
        s.estimate && !s.estimate.onDevice
          ? (
            <>
              <button
                type="button"
                className="btn btn-secondary btn-lg"
                onClick={() => void exportEstimate(s.estimate!.id)}
              >
                <Icon name="download" />
                Excel
              </button>
              <a className="btn btn-secondary btn-lg" href={`/estimates/${s.estimate.id}?contract=1`}>
                Заключение договора
              </a>
              <button type="button" className="btn btn-primary btn-lg" onClick={() => onTab("send")}>
                Далее: отправить инженеру
              </button>
            </>
          )
          : (
            <button
              type="button"
              className="btn btn-secondary btn-lg"
              onClick={() => onTab("measure")}
            >
              К замеру
            </button>
          )
      )}
      {tab === "send" && (
        <button
          type="button"
          className="btn btn-primary btn-lg"
          disabled={!s.estimate || s.estimate.onDevice || sending}
          onClick={onSend}
        >
          {sending ? "Отправка..." : "Отправить инженеру"}
        </button>
      )}
    </div>
  );
}

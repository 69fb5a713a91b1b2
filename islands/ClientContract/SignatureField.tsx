// The drawn signature (signature_pad on a canvas sized to the device's pixels), loaded only when signing.
import { type RefObject, useEffect, useImperativeHandle, useRef } from "react";
import SignaturePad from "signature_pad";

export interface SignatureFieldProps {
  error?: string;
  /** Where the form reads the drawing from. */
  handle: RefObject<SignatureFieldHandle | null>;
}

export interface SignatureFieldHandle {
  /** The drawing as a PNG data URL, or "" when nothing is drawn. */
  dataUrl(): string;
}

/** The drawing as a PNG no larger than the server accepts (1600×800): a wide screen at a high pixel ratio
 * draws a bigger bitmap, which is scaled down rather than refused. */
function fitted(el: HTMLCanvasElement): string {
  const scale = Math.min(1, 1600 / el.width, 800 / el.height);
  if (scale === 1) return el.toDataURL("image/png");
  const small = document.createElement("canvas");
  small.width = Math.round(el.width * scale);
  small.height = Math.round(el.height * scale);
  small.getContext("2d")!.drawImage(el, 0, 0, small.width, small.height);
  return small.toDataURL("image/png");
}

export default function SignatureField({ error, handle }: SignatureFieldProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);

  useEffect(() => {
    const el = canvas.current!;
    const p = new SignaturePad(el, { penColor: "#0f172a", minWidth: 1, maxWidth: 2.6 });
    pad.current = p;
    // The bitmap follows the displayed size and the pixel ratio, or the strokes land off the finger.
    const resize = () => {
      const ratio = Math.max(globalThis.devicePixelRatio || 1, 1);
      const data = p.toData();
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext("2d")!.scale(ratio, ratio);
      p.clear();
      p.fromData(data);
    };
    resize();
    addEventListener("resize", resize);
    return () => {
      removeEventListener("resize", resize);
      p.off();
    };
  }, []);

  useImperativeHandle(handle, () => ({
    dataUrl: () => (pad.current && !pad.current.isEmpty() ? fitted(canvas.current!) : ""),
  }));

  return (
    <div className={error ? "field field-invalid" : "field"}>
      <span className="label" id="signature-label">Подпись (нарисуйте пальцем или мышью)</span>
      <canvas
        ref={canvas}
        className="signature-pad"
        aria-labelledby="signature-label"
        role="img"
        data-testid="signature-pad"
      />
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => pad.current?.clear()}>
        Очистить подпись
      </button>
      {error && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}

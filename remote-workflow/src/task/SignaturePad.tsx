// A drawn signature (a node with hasSign): signature_pad on a canvas sized to its box at the
// screen's pixel ratio. The value is a PNG data URL, or '' while nothing is drawn.
import { useEffect, useRef } from 'react';
import { Button } from 'antd';
import SignaturePadLib from 'signature_pad';
import { useTranslation } from 'react-i18next';
import '../i18n';

export interface SignaturePadProps {
  value?: string;
  onChange?: (dataUrl: string) => void;
  width?: number;
  height?: number;
}

export function SignaturePad({ onChange, width = 420, height = 160 }: SignaturePadProps) {
  const { t } = useTranslation('workflow');
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePadLib | null>(null);
  const changeRef = useRef(onChange);
  changeRef.current = onChange;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // the canvas holds ratio × its CSS size, so strokes stay sharp on a dense screen
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePadLib(canvas, { backgroundColor: 'rgb(255,255,255)', penColor: '#1f1f1f' });
    padRef.current = pad;
    const ended = () => changeRef.current?.(pad.isEmpty() ? '' : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', ended);
    return () => {
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, [width, height]);

  return (
    <div>
      <canvas
        ref={canvasRef}
        data-testid="signature-pad"
        style={{ width, height, border: '1px dashed #bfbfbf', borderRadius: 4, touchAction: 'none' }}
      />
      <div>
        <Button
          size="small"
          type="link"
          onClick={() => {
            padRef.current?.clear();
            onChange?.('');
          }}
          data-testid="signature-clear"
        >
          {t('signClear')}
        </Button>
      </div>
    </div>
  );
}

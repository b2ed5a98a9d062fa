import { forwardRef, useEffect, useImperativeHandle, useRef, type PointerEvent } from 'react';
import Box from '@mui/material/Box';

export interface AnnotationCanvasHandle {
  /** Redraws the screenshot without the user's marks. */
  clear: () => void;
  /** The screenshot with the marks, as base64 PNG without the `data:` prefix. */
  toPngBase64: () => string | null;
}

const PEN_COLOR = '#e53935';

/** The screenshot on a canvas the user draws on with a red pen (mouse, touch or stylus). */
export const AnnotationCanvas = forwardRef<AnnotationCanvasHandle, { screenshot: string }>(
  function AnnotationCanvas({ screenshot }, ref) {
    const canvasRef = useRef<HTMLCanvasElement>(null);
    const imageRef = useRef<HTMLImageElement | null>(null);
    const lastPoint = useRef<{ x: number; y: number } | null>(null);

    function paintScreenshot() {
      const canvas = canvasRef.current;
      const image = imageRef.current;
      if (!canvas || !image) return;
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext('2d')?.drawImage(image, 0, 0);
    }

    useEffect(() => {
      const image = new Image();
      image.onload = () => {
        imageRef.current = image;
        paintScreenshot();
      };
      image.src = screenshot;
      return () => {
        image.onload = null;
      };
    }, [screenshot]);

    useImperativeHandle(ref, () => ({
      clear: paintScreenshot,
      toPngBase64: () => {
        const canvas = canvasRef.current;
        if (!canvas || !imageRef.current) return null;
        return canvas.toDataURL('image/png').replace(/^data:image\/png;base64,/, '');
      },
    }));

    function pointAt(event: PointerEvent<HTMLCanvasElement>) {
      const canvas = event.currentTarget;
      const box = canvas.getBoundingClientRect();
      return {
        x: ((event.clientX - box.left) / box.width) * canvas.width,
        y: ((event.clientY - box.top) / box.height) * canvas.height,
      };
    }

    function strokeTo(event: PointerEvent<HTMLCanvasElement>) {
      const context = event.currentTarget.getContext('2d');
      const from = lastPoint.current;
      if (!context || !from) return;
      const to = pointAt(event);
      const scale = event.currentTarget.width / event.currentTarget.getBoundingClientRect().width;
      context.strokeStyle = PEN_COLOR;
      context.lineWidth = 3 * scale;
      context.lineCap = 'round';
      context.lineJoin = 'round';
      context.beginPath();
      context.moveTo(from.x, from.y);
      context.lineTo(to.x, to.y);
      context.stroke();
      lastPoint.current = to;
    }

    return (
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label="Screenshot of the page; draw on it to mark the problem"
        onPointerDown={(event: PointerEvent<HTMLCanvasElement>) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          lastPoint.current = pointAt(event);
          // A single tap leaves a dot.
          strokeTo(event);
        }}
        onPointerMove={(event: PointerEvent<HTMLCanvasElement>) => {
          if (lastPoint.current) strokeTo(event);
        }}
        onPointerUp={() => {
          lastPoint.current = null;
        }}
        onPointerCancel={() => {
          lastPoint.current = null;
        }}
        sx={{
          display: 'block',
          width: '100%',
          height: 'auto',
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          cursor: 'crosshair',
          touchAction: 'none',
          bgcolor: '#fff',
        }}
      />
    );
  },
);

import { Box, Button, FileButton, Group, Image, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canvasToSignaturePng,
  SIGNATURE_UPLOAD_TYPES,
  SignatureImageError,
  TYPED_SIGNATURE_FONT,
  typedSignaturePng,
  uploadedSignaturePng,
} from '@/features/signing/lib/signature-image';

export type SignatureMode = 'draw' | 'type' | 'upload';

interface SignaturePadProps {
  /** What is being made: a full signature or initials (changes the labels only). */
  kind: 'SIGNATURE' | 'INITIALS';
  /** A name to start the typed signature with (the signer's own). */
  defaultName?: string;
  /** The PNG (base64) made so far, or null while there is none. */
  onChange: (png: string | null) => void;
}

/**
 * Three ways to make a signature, each ending as a PNG: drawing with a finger, pen or mouse; typing
 * (rendered in a handwriting font by the browser, so a Chinese name is kept exactly); or uploading a
 * picture of one. Typing is the keyboard way: drawing cannot be done without a pointer.
 */
export const SignaturePad = ({ kind, defaultName = '', onChange }: SignaturePadProps) => {
  const { t } = useTranslation();
  const [mode, setMode] = useState<SignatureMode>('draw');
  const label = kind === 'INITIALS' ? t('signing.pad.initials') : t('signing.pad.signature');
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={mode}
        onChange={(value) => {
          setMode(value as SignatureMode);
          onChange(null);
        }}
        aria-label={t('signing.pad.mode')}
        fullWidth
        data={[
          { value: 'draw', label: t('signing.pad.draw') },
          { value: 'type', label: t('signing.pad.type') },
          { value: 'upload', label: t('signing.pad.upload') },
        ]}
      />
      {mode === 'draw' && <DrawPad label={label} onChange={onChange} />}
      {mode === 'type' && (
        <TypePad
          label={label}
          initial={kind === 'INITIALS' ? initialsOf(defaultName) : defaultName}
          onChange={onChange}
        />
      )}
      {mode === 'upload' && <UploadPad label={label} onChange={onChange} />}
    </Stack>
  );
};

/** "Anna Maria Weber" -> "AMW"; a name without spaces (e.g. Chinese) is kept as it is. */
export const initialsOf = (name: string) => {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts.length > 1 ? parts.map((p) => p.charAt(0).toUpperCase()).join('') : name.trim();
};

const INK = '#1a2b6d';

const DrawPad = ({ label, onChange }: { label: string; onChange: (png: string | null) => void }) => {
  const { t } = useTranslation();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [empty, setEmpty] = useState(true);
  const hintId = useId();

  // The drawing surface at the device's pixel density, sized to its box (phones and desktops alike).
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.min(window.devicePixelRatio || 1, 3);
    const rect = canvas.getBoundingClientRect();
    canvas.width = Math.max(1, Math.round(rect.width * ratio));
    canvas.height = Math.max(1, Math.round(rect.height * ratio));
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = INK;
    ctx.lineWidth = 2.5;
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };
  const start = (event: React.PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = true;
    last.current = point(event);
    // A tap is a dot.
    const ctx = event.currentTarget.getContext('2d');
    if (ctx && last.current) {
      ctx.beginPath();
      ctx.arc(last.current.x, last.current.y, 1.2, 0, Math.PI * 2);
      ctx.fillStyle = INK;
      ctx.fill();
    }
  };
  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current || !last.current) return;
    const ctx = event.currentTarget.getContext('2d');
    const next = point(event);
    if (!ctx) return;
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(next.x, next.y);
    ctx.stroke();
    last.current = next;
  };
  const end = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = false;
    last.current = null;
    const png = canvasToSignaturePng(event.currentTarget);
    setEmpty(!png);
    onChange(png);
  };
  const clear = () => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    ctx.restore();
    setEmpty(true);
    onChange(null);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={`${hintId}-label`}>
        {label}
      </Text>
      <Box
        pos="relative"
        style={{ border: '1px dashed var(--mantine-color-gray-6)', borderRadius: 'var(--mantine-radius-sm)' }}
        bg="white"
      >
        <canvas
          ref={canvasRef}
          data-testid="signature-draw"
          role="img"
          aria-labelledby={`${hintId}-label`}
          aria-describedby={hintId}
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={end}
          onPointerCancel={end}
          // The page must not scroll while a finger draws.
          style={{ display: 'block', width: '100%', height: 160, touchAction: 'none', cursor: 'crosshair' }}
        />
        {empty && (
          <Text
            size="sm"
            c="dimmed"
            pos="absolute"
            top="50%"
            left={0}
            right={0}
            ta="center"
            style={{ pointerEvents: 'none', transform: 'translateY(-50%)' }}
            aria-hidden
          >
            {t('signing.pad.drawHere')}
          </Text>
        )}
      </Box>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="xs" c="dimmed" id={hintId} style={{ flex: 1 }}>
          {t('signing.pad.drawHint')}
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={clear} disabled={empty} style={{ flexShrink: 0 }}>
          {t('signing.pad.clear')}
        </Button>
      </Group>
    </Stack>
  );
};

const TypePad = ({
  label,
  initial,
  onChange,
}: {
  label: string;
  initial: string;
  onChange: (png: string | null) => void;
}) => {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  // Rendered again on each change; the font may still be loading the first time, so once more after.
  useEffect(() => {
    onChange(typedSignaturePng(text, INK));
    if (!document.fonts) return;
    let live = true;
    void document.fonts.ready.then(() => {
      if (live) onChange(typedSignaturePng(text, INK));
    });
    return () => {
      live = false;
    };
  }, [text, onChange]);
  return (
    <Stack gap={6}>
      <TextInput label={label} value={text} onChange={(e) => setText(e.currentTarget.value)} maxLength={80} />
      <Box
        bg="white"
        p="sm"
        mih={80}
        style={{ border: '1px dashed var(--mantine-color-gray-6)', borderRadius: 'var(--mantine-radius-sm)' }}
        aria-hidden
      >
        <Text fz={32} c={INK} style={{ fontFamily: TYPED_SIGNATURE_FONT, overflowWrap: 'anywhere' }}>
          {text || ' '}
        </Text>
      </Box>
      <Text size="xs" c="dimmed">
        {t('signing.pad.typeHint')}
      </Text>
    </Stack>
  );
};

const UploadPad = ({ label, onChange }: { label: string; onChange: (png: string | null) => void }) => {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choose = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const png = await uploadedSignaturePng(file);
      setPreview(png);
      onChange(png);
    } catch (error) {
      const reason = error instanceof SignatureImageError ? error.problem : 'unreadable';
      setProblem(t(`signing.pad.uploadProblem.${reason}`));
      setPreview(null);
      onChange(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <FileButton onChange={(file) => void choose(file)} accept={SIGNATURE_UPLOAD_TYPES.join(',')}>
        {(props) => (
          <Button {...props} variant="default" loading={busy}>
            {t('signing.pad.chooseImage')}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        {t('signing.pad.uploadHint')}
      </Text>
      {problem && (
        <Text size="sm" c="red.8" role="alert">
          {problem}
        </Text>
      )}
      {preview && (
        <Box bg="white" p="xs" style={{ border: '1px solid var(--mantine-color-gray-4)' }}>
          <Image src={`data:image/png;base64,${preview}`} alt={t('signing.pad.preview')} h={80} fit="contain" />
        </Box>
      )}
    </Stack>
  );
};

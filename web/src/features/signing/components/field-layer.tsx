import { Box, Text } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FIELD_SIZE, type EditorField, type FieldKind, MIN_FIELD_SIZE } from '@/features/signing/lib/fields';
import { clampShown, type PageBox, type Rect, roundRect, toPage, toShown } from '@/features/signing/lib/geometry';
import { tagLabel, tagPlaceholder } from '@/features/signing/lib/tags';
import { useLang } from '@/i18n/use-lang';

/** The drag payload type of a field kind dragged from the palette onto a page. */
export const FIELD_DRAG_TYPE = 'application/x-tranche-field-kind';

interface FieldLayerProps {
  box: PageBox;
  pageIndex: number;
  /** CSS pixels per point. */
  scale: number;
  fields: readonly EditorField[];
  selectedId: string | null;
  /** Mantine colour of a field's signer, and the signer's name (the field's accessible name says whose it is). */
  colorOf: (field: EditorField) => string;
  nameOf: (field: EditorField) => string;
  onSelect: (fieldId: string | null) => void;
  onChange: (field: EditorField) => void;
  onRemove: (fieldId: string) => void;
  onDropKind: (kind: FieldKind, rect: Rect, pageIndex: number) => void;
  /** The values of the project's tags, when known: a tag field shows its value instead of its tag. */
  tagValues?: Readonly<Record<string, string>> | undefined;
  readOnly?: boolean;
}

type Gesture = { fieldId: string; mode: 'move' | 'resize'; startX: number; startY: number; shown: Rect };

/**
 * The fields of one page over its rendered image. Pointer: drag a field to move it, its corner to
 * resize it, a kind from the palette to add one. Keyboard: each field is a button; arrows move it
 * (Shift: 10 points), Alt+arrows resize it, Delete removes it. Positions are kept in the page's own
 * space (points from the crop box's top-left, unrotated) whatever the page's /Rotate.
 */
export const FieldLayer = ({
  box,
  pageIndex,
  scale,
  fields,
  selectedId,
  colorOf,
  nameOf,
  onSelect,
  onChange,
  onRemove,
  onDropKind,
  tagValues,
  readOnly = false,
}: FieldLayerProps) => {
  const { t } = useTranslation();
  const lang = useLang();
  const gesture = useRef<Gesture | null>(null);

  const update = (field: EditorField, shown: Rect) =>
    onChange({ ...field, ...roundRect(toPage(box, clampShown(box, shown))) });

  const onPointerDown = (field: EditorField, mode: Gesture['mode']) => (event: PointerEvent<HTMLElement>) => {
    if (readOnly || event.button !== 0) return;
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    onSelect(field.fieldId);
    gesture.current = {
      fieldId: field.fieldId,
      mode,
      startX: event.clientX,
      startY: event.clientY,
      shown: toShown(box, field),
    };
  };
  const onPointerMove = (field: EditorField) => (event: PointerEvent<HTMLElement>) => {
    const g = gesture.current;
    if (!g || g.fieldId !== field.fieldId) return;
    const dx = (event.clientX - g.startX) / scale;
    const dy = (event.clientY - g.startY) / scale;
    if (g.mode === 'move') update(field, { ...g.shown, x: g.shown.x + dx, y: g.shown.y + dy });
    else
      update(field, {
        ...g.shown,
        width: Math.max(MIN_FIELD_SIZE, g.shown.width + dx),
        height: Math.max(MIN_FIELD_SIZE, g.shown.height + dy),
      });
  };
  const onPointerUp = () => {
    gesture.current = null;
  };

  const onKeyDown = (field: EditorField) => (event: KeyboardEvent<HTMLElement>) => {
    if (readOnly) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      onRemove(field.fieldId);
      return;
    }
    const step = event.shiftKey ? 10 : 1;
    const delta: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const d = delta[event.key];
    if (!d) return;
    event.preventDefault();
    const shown = toShown(box, field);
    if (event.altKey)
      update(field, {
        ...shown,
        width: Math.max(MIN_FIELD_SIZE, shown.width + d[0]),
        height: Math.max(MIN_FIELD_SIZE, shown.height + d[1]),
      });
    else update(field, { ...shown, x: shown.x + d[0], y: shown.y + d[1] });
  };

  const onDragOver = (event: React.DragEvent<HTMLDivElement>) => {
    if (!readOnly && event.dataTransfer.types.includes(FIELD_DRAG_TYPE)) {
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    }
  };
  const onDrop = (event: React.DragEvent<HTMLDivElement>) => {
    const kind = event.dataTransfer.getData(FIELD_DRAG_TYPE) as FieldKind;
    if (readOnly || !DEFAULT_FIELD_SIZE[kind]) return;
    event.preventDefault();
    const frame = event.currentTarget.getBoundingClientRect();
    const size = DEFAULT_FIELD_SIZE[kind];
    // The field's centre where it was dropped, kept on the page.
    const shown = clampShown(box, {
      x: (event.clientX - frame.left) / scale - size.width / 2,
      y: (event.clientY - frame.top) / scale - size.height / 2,
      ...size,
    });
    onDropKind(kind, roundRect(toPage(box, shown)), pageIndex);
  };

  return (
    <Box
      pos="absolute"
      inset={0}
      onDragOver={onDragOver}
      onDrop={onDrop}
      onPointerDown={() => !readOnly && onSelect(null)}
      data-testid={`field-layer-${pageIndex}`}
    >
      {fields.map((field) => {
        const shown = toShown(box, field);
        const color = colorOf(field);
        const selected = field.fieldId === selectedId;
        // A field filled from data is told apart from the signers' ones: dashed, its tag in braces.
        const tag = field.tag;
        const value = tag ? tagValues?.[tag] : undefined;
        return (
          <Box
            key={field.fieldId}
            component="button"
            type="button"
            data-field-id={field.fieldId}
            aria-pressed={readOnly ? undefined : selected}
            aria-label={
              tag
                ? t('signing.editor.tagFieldName', {
                    kind: t(`signing.kind.${field.kind}`),
                    tag: tagLabel(tag, lang),
                    page: pageIndex + 1,
                  })
                : t('signing.editor.fieldName', {
                    kind: t(`signing.kind.${field.kind}`),
                    signer: nameOf(field),
                    page: pageIndex + 1,
                  })
            }
            data-tag={tag}
            aria-keyshortcuts={readOnly ? undefined : 'ArrowUp ArrowDown ArrowLeft ArrowRight Delete'}
            onFocus={() => !readOnly && onSelect(field.fieldId)}
            onKeyDown={onKeyDown(field)}
            onPointerDown={onPointerDown(field, 'move')}
            onPointerMove={onPointerMove(field)}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
            pos="absolute"
            p={0}
            style={{
              left: shown.x * scale,
              top: shown.y * scale,
              width: shown.width * scale,
              height: shown.height * scale,
              background: `color-mix(in srgb, var(--mantine-color-${color}-1) 80%, transparent)`,
              border: `${selected ? 2 : 1}px ${tag ? 'dashed' : 'solid'} var(--mantine-color-${color}-8)`,
              borderRadius: 3,
              cursor: readOnly ? 'default' : 'move',
              touchAction: 'none',
              overflow: 'hidden',
              outlineOffset: 2,
              zIndex: selected ? 2 : 1,
            }}
          >
            <Text
              component="span"
              size="10px"
              fw={600}
              c={`${color}.9`}
              lh={1.1}
              px={2}
              fs={tag ? 'italic' : undefined}
              style={{ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {tag ? (value ?? tagPlaceholder(tag, lang)) : t(`signing.kind.${field.kind}`)}
            </Text>
            {selected && !readOnly && (
              <Box
                component="span"
                aria-hidden
                onPointerDown={onPointerDown(field, 'resize')}
                onPointerMove={onPointerMove(field)}
                onPointerUp={onPointerUp}
                pos="absolute"
                right={0}
                bottom={0}
                w={12}
                h={12}
                style={{ cursor: 'nwse-resize', background: `var(--mantine-color-${color}-8)`, touchAction: 'none' }}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
};

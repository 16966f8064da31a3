import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EditorField } from '@/features/signing/lib/fields';
import type { PageBox } from '@/features/signing/lib/geometry';
import { useSigningLocales } from '@/features/signing/locales';
import { renderWithApp } from '@/test/render';
import { FieldLayer } from './field-layer';

const field: EditorField = {
  fieldId: 'f1',
  kind: 'SIGNATURE',
  pageIndex: 0,
  x: 72,
  y: 700,
  width: 160,
  height: 48,
  signerId: 's1',
  required: true,
};

const Layer = ({
  box,
  onChange,
  onRemove,
  at = field,
  tagValues,
}: {
  box: PageBox;
  onChange: (f: EditorField) => void;
  onRemove: () => void;
  at?: EditorField;
  tagValues?: Record<string, string>;
}) => {
  useSigningLocales();
  return (
    <FieldLayer
      box={box}
      pageIndex={0}
      scale={1}
      fields={[at]}
      selectedId="f1"
      colorOf={() => 'blue'}
      nameOf={() => 'Ingrid Investor'}
      onSelect={() => undefined}
      onChange={onChange}
      onRemove={onRemove}
      onDropKind={() => undefined}
      tagValues={tagValues}
    />
  );
};

const A4: PageBox = { width: 595, height: 842, rotation: 0 };

describe('placing fields by keyboard (the pointer-free way)', () => {
  it('names each field by kind, signer and page', () => {
    renderWithApp(<Layer box={A4} onChange={vi.fn()} onRemove={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Signature field for Ingrid Investor, page 1' })).toBeTruthy();
  });

  it('moves by a point, by ten with Shift, and resizes with Alt', () => {
    const onChange = vi.fn();
    renderWithApp(<Layer box={A4} onChange={onChange} onRemove={vi.fn()} />);
    const button = screen.getByRole('button', { name: /Signature field/ });
    fireEvent.keyDown(button, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ x: 73, y: 700, width: 160, height: 48 }));
    fireEvent.keyDown(button, { key: 'ArrowUp', shiftKey: true });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ x: 72, y: 690 }));
    fireEvent.keyDown(button, { key: 'ArrowRight', altKey: true });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ x: 72, width: 161 }));
  });

  it('stops a field at the page edge rather than letting it leave', () => {
    const onChange = vi.fn();
    renderWithApp(<Layer box={A4} onChange={onChange} onRemove={vi.fn()} at={{ ...field, y: 790 }} />);
    fireEvent.keyDown(screen.getByRole('button', { name: /Signature field/ }), { key: 'ArrowDown', shiftKey: true });
    // 842 - 48: the bottom edge, not 800.
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ y: 794 }));
  });

  it("moves as shown on a page turned a quarter, and stores the page's own coordinates", () => {
    const onChange = vi.fn();
    renderWithApp(<Layer box={{ ...A4, rotation: 90 }} onChange={onChange} onRemove={vi.fn()} />);
    fireEvent.keyDown(screen.getByRole('button', { name: /Signature field/ }), { key: 'ArrowRight' });
    // Shown x = H - y - h; one point right on screen is one point less of y on the page.
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ x: 72, y: 699, width: 160, height: 48 }));
  });

  it('shows a field filled from data with its tag, or the value once known, and names it by its tag', () => {
    const tagged: EditorField = { ...field, kind: 'TEXT', signerId: null, tag: 'INVESTOR_NAME' };
    const onChange = vi.fn();
    const { unmount } = renderWithApp(<Layer box={A4} onChange={onChange} onRemove={vi.fn()} at={tagged} />);
    const button = screen.getByRole('button', { name: 'Text field filled from data: Investor name, page 1' });
    expect(button.textContent).toBe('{Investor name}');
    expect(button.style.border).toContain('dashed');
    // Keyboard placement works for it as for a signer's field.
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ y: 701, tag: 'INVESTOR_NAME', signerId: null }),
    );
    unmount();
    renderWithApp(
      <Layer
        box={A4}
        onChange={vi.fn()}
        onRemove={vi.fn()}
        at={tagged}
        tagValues={{ INVESTOR_NAME: 'Ada Lovelace' }}
      />,
    );
    expect(screen.getByRole('button', { name: /Investor name/ }).textContent).toBe('Ada Lovelace');
  });

  it('removes the field with Delete', () => {
    const onRemove = vi.fn();
    renderWithApp(<Layer box={A4} onChange={vi.fn()} onRemove={onRemove} />);
    fireEvent.keyDown(screen.getByRole('button', { name: /Signature field/ }), { key: 'Delete' });
    expect(onRemove).toHaveBeenCalledWith('f1');
  });
});

// The open / save / close glue of an administration page's create-and-edit dialog (FormModal): which
// row is being edited, its values (a blank form, or the row read back), saving through the page's
// call with the server's message as the toast, and the list refreshed. The dialog itself keeps open
// when the server refuses (FormModal).
import { useState } from 'react';
import { toast } from '@lighting/shared';

export interface ModalFormOptions<V extends object, C> {
  /** The values a new row starts with; `ctx` is what `open` was given (a parent, a chosen node). */
  blank: (ctx: C | undefined) => Partial<V>;
  /** The stored row read back as the form's values. */
  load: (id: string) => Promise<Partial<V>>;
  /** Saves the values (a new row without an id); answers the server's message. */
  save: (values: V, id: string | undefined) => Promise<string>;
  /** After a save: refresh what shows the rows. */
  onSaved: () => void;
}

export interface Editing<V, C> {
  /** the row being edited; absent for a new one */
  id?: string;
  values: Partial<V>;
  ctx?: C;
}

export function useModalForm<V extends object, C = undefined>(o: ModalFormOptions<V, C>) {
  const [editing, setEditing] = useState<Editing<V, C> | null>(null);
  const open = async (id?: string, ctx?: C): Promise<void> => {
    if (!id) setEditing({ values: o.blank(ctx), ctx });
    else setEditing({ id, values: await o.load(id), ctx });
  };
  return {
    editing,
    /** Opens the dialog on a new row (no id) or on the stored row `id`. */
    open,
    /** Spread into FormModal. */
    modal: {
      open: editing !== null,
      initialValues: editing?.values,
      onClose: () => setEditing(null),
      onSubmit: async (values: V) => {
        const msg = await o.save(values, editing?.id);
        toast('success', msg);
        o.onSaved();
      },
    },
  };
}

import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from '../../components/ui/field';

/** Free-text category with a suggestion list; takes the add dialog's state or react-hook-form's register(). */
export const CategoryInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { id: string; categories: string[] }>(function CategoryInput(
  { id, categories, ...props },
  ref,
) {
  return (
    <>
      <Input ref={ref} id={id} list={`${id}-list`} placeholder="general" autoComplete="off" {...props} />
      <datalist id={`${id}-list`}>
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </>
  );
});

/**
 * Open/closed state of a dropdown menu that closes on Escape and on a click outside its wrapper.
 * Put `wrapper` on the element that holds both the toggle button and the menu.
 */
import { useEffect, useRef, useState } from 'react';

export function useDropdown<E extends HTMLElement = HTMLDivElement>() {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<E>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onClick = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  return { open, setOpen, wrapper };
}

/**
 * The chat-support link (SPEC section 1), in the header row of every frame (the layout, the auth pages, the legal
 * pages). Below 1024 px it stays in that row, so on a phone it never sits on top of a card; wider, it floats at the
 * bottom right, steps aside while the user scrolls down (reading) and comes back on any scroll up, near the top,
 * and at the end of the page.
 */
import { useEffect, useState } from 'react';
import { env } from '@/config/env';

/** Below this width the link sits in its frame's header row and never floats (styles.css). */
export const HEADER_LINK_QUERY = '(max-width: 1023px)';

/** Hidden while the last scroll went down, past the first screenful's top and before the page's end (floating only). */
export function useStepAsideOnScroll(): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    const inHeader = window.matchMedia?.(HEADER_LINK_QUERY);
    const onScroll = () => {
      const y = window.scrollY;
      if (inHeader?.matches) {
        setAside(false);
        last = y;
        return;
      }
      const atEnd = window.innerHeight + y >= document.documentElement.scrollHeight - 48;
      if (y < 80 || atEnd || y < last) setAside(false);
      else if (y > last) setAside(true);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return aside;
}

export function WhatsAppLink() {
  const aside = useStepAsideOnScroll();
  return (
    <a
      className={aside ? 'whatsapp-link is-aside' : 'whatsapp-link'}
      aria-hidden={aside || undefined}
      tabIndex={aside ? -1 : undefined}
      href={`https://wa.me/${env.VITE_SUPPORT_WHATSAPP}`}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with support on WhatsApp"
    >
      <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 23.6c-2 0-3.9-.5-5.6-1.5l-.4-.2-3.9 1 1-3.8-.3-.4A10.6 10.6 0 1 1 16 26.6zm5.8-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.7 8.7 0 0 1-4.3-3.8c-.3-.6.3-.5.9-1.6.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6a1.2 1.2 0 0 0-.9.4 3.6 3.6 0 0 0-1.1 2.7 6.3 6.3 0 0 0 1.3 3.3 14.4 14.4 0 0 0 5.5 4.9c2 .9 2.8 1 3.9.8.6-.1 1.9-.8 2.2-1.5s.3-1.4.2-1.5-.3-.2-.6-.3z"
        />
      </svg>
    </a>
  );
}

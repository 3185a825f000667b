import { useEffect } from 'react';

/**
 * The page's `<head>` kept up to date on client-side navigation. The gateway renders each page's head into
 * index.html (services/gateway/src/web/page-head.ts: title, description, canonical, robots, Open Graph, and an
 * item's schema.org Product); once the app runs, the router changes pages without a new document, so this sets
 * the same tags from the page's data. It edits the tags the server wrote (or adds them), never duplicates them.
 */
export interface PageHead {
  /** The document title as a whole (`Jarra | Bazar de Daniela`). */
  title: string;
  /** og:title; default the title. */
  ogTitle?: string;
  description?: string;
  /** Absolute URL. */
  canonical?: string;
  /** Absolute http(s) URL of the page's picture (og:image). */
  image?: string | null;
  ogType?: 'website' | 'product';
  siteName?: string;
  /** Search results, preferences, the owner's pages: `<meta name="robots" content="noindex">`. */
  noindex?: boolean;
}

/** Where the document was loaded: the server's page-level JSON-LD (`data-page-head`) describes this page only. */
const landingPath = typeof window === 'undefined' ? '' : window.location.pathname;

export function applyPageHead(head: PageHead, doc: Document = document): void {
  doc.title = head.title;
  setMeta(doc, 'name', 'description', head.description);
  setLink(doc, 'canonical', head.canonical);
  setMeta(doc, 'name', 'robots', head.noindex ? 'noindex' : undefined);
  setMeta(doc, 'property', 'og:type', head.ogType ?? 'website');
  setMeta(doc, 'property', 'og:site_name', head.siteName);
  setMeta(doc, 'property', 'og:title', head.ogTitle ?? head.title);
  setMeta(doc, 'property', 'og:description', head.description);
  setMeta(doc, 'property', 'og:url', head.canonical);
  setMeta(doc, 'property', 'og:image', head.image ?? undefined);
  // The item's Product (and its price tags) rendered by the server belong to the page the visitor landed on.
  if (doc.location?.pathname !== landingPath) {
    for (const node of doc.head.querySelectorAll('script[data-page-head], meta[property^="product:"]')) node.remove();
  }
}

/** Sets the page's head while the page is shown; pass null while its data is loading (the head stays as it was). */
export function usePageHead(head: PageHead | null): void {
  const key = head ? JSON.stringify(head) : '';
  useEffect(() => {
    if (key) applyPageHead(JSON.parse(key) as PageHead);
  }, [key]);
}

/** Sets (or, with no content, removes) `<meta {attribute}="{name}" content>`. */
function setMeta(doc: Document, attribute: 'name' | 'property', name: string, content: string | undefined): void {
  let node = doc.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${name}"]`);
  if (!content) {
    node?.remove();
    return;
  }
  if (!node) {
    node = doc.createElement('meta');
    node.setAttribute(attribute, name);
    doc.head.appendChild(node);
  }
  node.setAttribute('content', content);
}

function setLink(doc: Document, rel: string, href: string | undefined): void {
  let node = doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!href) {
    node?.remove();
    return;
  }
  if (!node) {
    node = doc.createElement('link');
    node.rel = rel;
    doc.head.appendChild(node);
  }
  node.href = href;
}

import { Download, Paperclip } from 'lucide-react';
import { useState } from 'react';
import type { ConversationMessage } from '../../lib/types';
import { errorText } from '../../../lib/api-client';
import { fetchAttachment } from './api';

type Attachment = ConversationMessage['attachments'][number];

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${Math.round(n / 1024)} KB`;
  return `${(n / (1024 * 1024)).toFixed(1)} MB`;
}

/** The files of a customer's e-mail: kept ones download (with the session), others are listed only. */
export function MessageAttachments({ attachments }: { attachments: Attachment[] }) {
  const [error, setError] = useState<string | null>(null);
  if (attachments.length === 0) return null;
  async function download(a: Attachment) {
    if (!a.url) return;
    setError(null);
    try {
      // Saved under the server's name (Content-Disposition), which follows the file's content.
      const { blob, filename } = await fetchAttachment(a.url);
      const href = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = href;
      link.download = filename;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), 1000);
    } catch (err) {
      setError(errorText(err, 'The file could not be downloaded.'));
    }
  }
  return (
    <ul className="mt-2 grid gap-1" aria-label="Attachments" data-testid="message-attachments">
      {attachments.map((a) => (
        <li key={a.id} className="flex min-w-0 flex-wrap items-center gap-2 rounded border border-gray-200 bg-white px-2 py-1 text-xs text-gray-800">
          <Paperclip className="h-3.5 w-3.5 shrink-0 text-gray-700" aria-hidden />
          <span className="min-w-0 font-medium wrap-anywhere">{a.filename}</span>
          <span className="text-gray-700">{formatBytes(a.sizeBytes)}</span>
          {a.url ? (
            <button
              type="button"
              onClick={() => void download(a)}
              className="inline-flex items-center gap-1 font-medium text-red-800 underline hover:text-red-950 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:outline-none"
            >
              <Download className="h-3.5 w-3.5" aria-hidden />
              Download
            </button>
          ) : (
            <span className="text-gray-700 italic">not kept</span>
          )}
        </li>
      ))}
      {error && (
        <li role="alert" className="text-xs text-red-800">
          {error}
        </li>
      )}
    </ul>
  );
}

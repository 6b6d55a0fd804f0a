import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** A participant's link with a copy button and its QR code (for a phone or a lab PC's camera). */
export function ParticipantLink({ code, url, onClose }: { code: string; url: string; onClose(): void }) {
  const [qr, setQr] = useState<string | undefined>();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(url, { margin: 1, width: 192 }).then((data) => live && setQr(data));
    return () => {
      live = false;
    };
  }, [url]);
  const copy = async () => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className="dashboard-link" role="group" aria-label={`Link for ${code}`}>
      <input readOnly value={url} aria-label={`Participant link for ${code}`} onFocus={(e) => e.currentTarget.select()} />
      <button onClick={() => void copy()}>{copied ? 'Copied' : 'Copy link'}</button>
      <button onClick={onClose}>Hide</button>
      {qr ? <img src={qr} width={192} height={192} alt={`QR code of the link for ${code}`} /> : null}
    </div>
  );
}

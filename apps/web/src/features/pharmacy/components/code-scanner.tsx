// The camera at the counter (decision 060): a dialog with the back camera's picture, read a few times a second until a
// discount code shows (the patient's QR code or barcode); anything else is ignored with a word. Each way it can fail
// (no camera, permission refused, a page not allowed to use it) says so, and the code can always be typed instead.
import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useT } from '../../../program/use-t.ts';
import { codeOfScan, createFrameDecoder } from '../scanner/frame-decoder.ts';

/** Time between two frames read: enough for a steady hand, little work for a tablet. */
const SCAN_INTERVAL_MS = 200;

type Problem = 'denied' | 'noCamera' | 'unavailable';

function problemOf(error: unknown): Problem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'noCamera';
  return 'unavailable';
}

interface Props {
  onCode: (code: string) => void;
  onCancel: () => void;
}

export function CodeScanner({ onCode, onCancel }: Props) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'scanning' | 'notACode' | Problem>('starting');
  // The latest callback without restarting the camera when the parent renders again.
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('no camera API'), { name: 'TypeError' });
      const [media, decode] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        createFrameDecoder(),
      ]);
      stream = media;
      if (stopped || !video.current) return;
      video.current.srcObject = media;
      await video.current.play();
      setState('scanning');
      const tick = async () => {
        if (stopped || !video.current) return;
        const text = await decode(video.current).catch(() => undefined);
        if (stopped) return;
        const code = text === undefined ? undefined : codeOfScan(text);
        if (code) {
          found.current(code);
          return;
        }
        if (text !== undefined) setState('notACode');
        timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };
    start().catch((error: unknown) => {
      if (!stopped) setState(problemOf(error));
    });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  const problem = state === 'denied' || state === 'noCamera' || state === 'unavailable' ? state : undefined;
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && onCancel()}>
      <Modal className="modal counter-scanner">
        <Dialog className="dialog stack">
          <Heading slot="title" className="dialog__title">
            {t('pharmacy.scan.title')}
          </Heading>
          {problem === 'denied' ? <FormAlert tone="error">{t('pharmacy.scan.denied')}</FormAlert> : null}
          {problem === 'noCamera' ? <FormAlert tone="error">{t('pharmacy.scan.noCamera')}</FormAlert> : null}
          {problem === 'unavailable' ? <FormAlert tone="error">{t('pharmacy.scan.unavailable')}</FormAlert> : null}
          {problem ? null : (
            <>
              {/* The picture helps aim; what it reads is said in the status below. */}
              <video ref={video} className="counter-scanner__video" muted playsInline aria-hidden="true" />
              <p className="counter-scanner__status" role="status">
                {state === 'starting'
                  ? t('pharmacy.scan.starting')
                  : state === 'notACode'
                    ? t('pharmacy.scan.notACode')
                    : t('pharmacy.scan.aim')}
              </p>
            </>
          )}
          <div className="actions">
            <Button className="button button--ghost counter-button" onPress={onCancel} autoFocus>
              {problem ? t('pharmacy.scan.typeInstead') : t('common.cancel')}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

// The page frame's two overlays, loaded on the first press of their button (decision 023): the help
// popover with the call-center phones, and the tab bar's 'More' menu. The buttons stay plain buttons in the frame;
// react-aria's popover, dialog and menu (focus moved in and back to the button, Escape and a press outside close)
// come with this chunk only. The menu's links navigate through the screen's AriaRouter (aria-router.tsx).
import type { ReactNode, RefObject } from 'react';
import { Dialog, Heading, Menu, MenuItem, Popover } from 'react-aria-components';
import { useT } from '../../program/use-t.ts';
import { NavIcon } from '../ui/nav-icon.tsx';
import { HelpPhones, type HelpCountry } from './help-phones.tsx';
import type { NavigationItem } from './page-frame.tsx';

interface OverlayProps {
  triggerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/** A popover open beside the frame's button until it is dismissed (Escape, a press outside), which calls onClose. */
function FramePopover({
  triggerRef,
  onClose,
  className,
  placement,
  label,
  children,
}: OverlayProps & { className: string; placement: 'bottom end' | 'top end'; label?: string; children: ReactNode }) {
  return (
    // Without a Dialog inside, react-aria draws the popover itself as the dialog: `label` names it.
    <Popover
      aria-label={label}
      className={className}
      placement={placement}
      triggerRef={triggerRef}
      isOpen
      onOpenChange={(open) => (open ? undefined : onClose())}
    >
      {children}
    </Popover>
  );
}

export function HelpPopover({ triggerRef, onClose, help }: OverlayProps & { help: HelpCountry }) {
  const t = useT();
  return (
    <FramePopover className="popover help-popover" placement="bottom end" triggerRef={triggerRef} onClose={onClose}>
      <Dialog className="dialog help-dialog">
        <Heading slot="title" className="help-dialog__title">
          {t('phones.title')}
        </Heading>
        <HelpPhones help={help} />
      </Dialog>
    </FramePopover>
  );
}

export function MoreMenu({
  triggerRef,
  onClose,
  items,
  focus,
}: OverlayProps & { items: NavigationItem[]; focus: true | 'first' | 'last' }) {
  const t = useT();
  return (
    <FramePopover
      className="popover"
      placement="top end"
      label={t('nav.more')}
      triggerRef={triggerRef}
      onClose={onClose}
    >
      <Menu className="listbox" aria-label={t('nav.more')} autoFocus={focus} onAction={onClose} onClose={onClose}>
        {items.map((item) => (
          <MenuItem
            key={item.id}
            id={item.id}
            href={item.href}
            className="listbox__item tab-bar__menu-item"
            aria-current={item.isCurrent ? 'page' : undefined}
          >
            <NavIcon name={item.id} />
            {t(item.labelKey)}
          </MenuItem>
        ))}
      </Menu>
    </FramePopover>
  );
}

// The signed-in patient switched the language with the header's toggle: the profile takes it, so that every mail and
// text reaches them in it from then on, and a short polite note says so once, after the switch is saved (issue 38).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { UserProfile } from '@portal/contracts/identity';
import { useSnackbar } from '../../components/ui/snackbar.tsx';
import { takeLanguageToSave, useLanguage } from '../../lib/language.tsx';
import { useSession } from '../../lib/session-hooks.ts';
import { userQuery } from '../../lib/user.ts';
import { useT } from '../../program/use-t.ts';
import { saveLanguage } from '../../features/profile/api/language-api.ts';

export default function LanguageFollower() {
  const { language } = useLanguage();
  const session = useSession();
  const queryClient = useQueryClient();
  const showSnack = useSnackbar();
  const t = useT();
  useEffect(() => {
    if (!session) return;
    // Taken once: the screen that follows the switch mounts its own follower, which must not save it again.
    const languageToSave = takeLanguageToSave();
    if (!languageToSave) return;
    saveLanguage(languageToSave).then(
      () => {
        queryClient.setQueryData<UserProfile>(userQuery().queryKey, (user) =>
          user ? { ...user, language: languageToSave } : user,
        );
        showSnack(t('language.mailNote'));
      },
      // Not saved: the screens keep the switch, the profile its language (changed on the profile screen).
      () => undefined,
    );
  }, [language, session, queryClient, showSnack, t]);
  return null;
}

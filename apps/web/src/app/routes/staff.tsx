// /staff and /en/staff: the staff console (decision 072), its own route tree and frame in a chunk of its own, which
// no patient screen and not the login route loads. /staff/setup opens a `staff:add` link; /staff/login logs in;
// /staff is the member's home; /staff/patients finds a patient and /staff/patients/:id opens one's record with a reason
// (decision 074); /staff/preregister pre-registers a patient (decision 078); /staff/outreach is the list of patients to
// call (decision 080); /staff/figures is the managers' figures (decision 081); an admin's /staff/members,
// /staff/members/:id and /staff/pharmacies manage the staff of their programs and the program's pharmacies (decision
// 077). The staff session is this tab's (features/staff/staff-session.ts).
import { Link, Navigate, useLocation, useNavigate, useParams, useRoutes, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { lessonIndexQuery, lessonTitleIn } from '../../features/learning/api/learning-api.ts';
import { AdminsOnly } from '../../features/staff/components/admins-only.tsx';
import { AgentsOnly } from '../../features/staff/components/agents-only.tsx';
import { ConsoleHome } from '../../features/staff/components/console-home.tsx';
import { ManagersOnly } from '../../features/staff/components/managers-only.tsx';
import { ProgramFiguresScreen } from '../../features/staff/components/program-figures.tsx';
import { OutreachList } from '../../features/staff/components/outreach-list.tsx';
import { PatientSearch } from '../../features/staff/components/patient-search.tsx';
import { PreregisterForm } from '../../features/staff/components/preregister-form.tsx';
import { RecordOpening } from '../../features/staff/components/record-opening.tsx';
import { LoginFlow } from '../../features/staff/components/login-flow.tsx';
import { SetupFlow } from '../../features/staff/components/setup-flow.tsx';
import { StaffMemberScreen } from '../../features/staff/components/staff-member.tsx';
import { StaffMembers } from '../../features/staff/components/staff-members.tsx';
import { StaffPharmacies } from '../../features/staff/components/staff-pharmacies.tsx';
import { staffSessionStore, useStaffSession } from '../../features/staff/staff-session.ts';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { pathInLanguage, paths } from '../../lib/paths.ts';
import { useProgram } from '../../program/program-context.tsx';
import { useT } from '../../program/use-t.ts';
import { StaffPage } from '../layouts/staff-page.tsx';
import { StaffAppointments } from '../staff-appointments.tsx';

function useConsolePaths() {
  const { language } = useLanguage();
  return {
    home: pathInLanguage(language, paths.staff),
    login: pathInLanguage(language, paths.staffLogin),
    patients: (id?: number) => pathInLanguage(language, paths.staffPatients(id)),
    preregister: pathInLanguage(language, paths.staffPreregister),
    members: (id?: string) => pathInLanguage(language, paths.staffMembers(id)),
    pharmacies: pathInLanguage(language, paths.staffPharmacies),
    outreach: pathInLanguage(language, paths.staffOutreach),
    figures: pathInLanguage(language, paths.staffFigures),
  };
}

function SetupScreen() {
  const t = useT();
  const [query] = useSearchParams();
  const navigate = useNavigate();
  const { home, login } = useConsolePaths();
  const n = query.get('n');
  const s = query.get('s');
  return (
    <StaffPage title={t('staff.setup.pageTitle')} homeHref={home}>
      {n && s ? (
        <SetupFlow link={{ n, s }} onDone={() => void navigate(login, { replace: true })} />
      ) : (
        <FormAlert tone="error">{t('staff.errors.setupLinkInvalid')}</FormAlert>
      )}
    </StaffPage>
  );
}

function LoginScreen() {
  const t = useT();
  const navigate = useNavigate();
  const session = useStaffSession();
  const { home } = useConsolePaths();
  if (session) return <Navigate replace to={home} />;
  return (
    <StaffPage title={t('staff.pageTitle')} homeHref={home}>
      <LoginFlow
        ended={staffSessionStore.endReason}
        onLoggedIn={(recoveryCodesLeft) => void navigate(home, { replace: true, state: { recoveryCodesLeft } })}
      />
    </StaffPage>
  );
}

function HomeScreen() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useStaffSession();
  const { home, login, patients, members, pharmacies, outreach, figures } = useConsolePaths();
  // No session, or the server ended it (a 401 clears it): back to the console's login.
  if (!session) return <Navigate replace to={login} />;
  const state = location.state as { recoveryCodesLeft?: number } | null;
  return (
    <StaffPage title={t('staff.pageTitle')} homeHref={home}>
      <ConsoleHome
        consolePath={home}
        patientsHref={patients()}
        outreachHref={outreach}
        figuresHref={figures}
        membersHref={members()}
        pharmaciesHref={pharmacies}
        recoveryCodesLeft={state?.recoveryCodesLeft}
        onLoggedOut={() => void navigate(login, { replace: true })}
      />
    </StaffPage>
  );
}

function PatientsScreen() {
  const t = useT();
  const navigate = useNavigate();
  const session = useStaffSession();
  const { home, login, patients, preregister } = useConsolePaths();
  if (!session) return <Navigate replace to={login} />;
  return (
    <StaffPage title={t('staff.pageTitle')} homeHref={home}>
      <AgentsOnly homeHref={home}>
        <p>
          <Link className="button button--ghost" to={preregister}>
            {t('staff.preregister.link')}
          </Link>
        </p>
        <PatientSearch onOpen={(patient) => void navigate(patients(patient.id))} />
      </AgentsOnly>
    </StaffPage>
  );
}

function PatientRecordScreen() {
  const t = useT();
  const session = useStaffSession();
  const { language } = useLanguage();
  const { program } = useProgram();
  // The lessons the patient completed, by their titles in the member's language (the program's public lesson index).
  const lessons = useQuery({ ...lessonIndexQuery(program.slug, language), enabled: Boolean(session) });
  const { id } = useParams();
  const location = useLocation();
  const { home, login, patients, outreach } = useConsolePaths();
  const fromOutreach = (location.state as { fromOutreach?: boolean } | null)?.fromOutreach === true;
  if (!session) return <Navigate replace to={login} />;
  const patientId = Number(id);
  if (!Number.isSafeInteger(patientId) || patientId <= 0) return <Navigate replace to={patients()} />;
  return (
    <StaffPage title={t('staff.pageTitle')} homeHref={home}>
      {/* A key per patient: another patient's record asks for its own reason. */}
      <AgentsOnly homeHref={home}>
        <RecordOpening
          key={patientId}
          patientId={patientId}
          searchHref={patients()}
          outreachHref={outreach}
          fromOutreach={fromOutreach}
          renderAppointments={(patient) => <StaffAppointments patientId={patient.id} country={patient.country} />}
          lessonTitleOf={(condition, lesson) => lessonTitleIn(lessons.data, condition, lesson)}
        />
      </AgentsOnly>
    </StaffPage>
  );
}

function OutreachScreen() {
  const t = useT();
  const navigate = useNavigate();
  const session = useStaffSession();
  const { home, login, patients } = useConsolePaths();
  if (!session) return <Navigate replace to={login} />;
  return (
    <StaffPage title={t('staff.pageTitle')} homeHref={home}>
      <AgentsOnly homeHref={home}>
        <OutreachList onTaken={(patientId) => void navigate(patients(patientId), { state: { fromOutreach: true } })} />
      </AgentsOnly>
    </StaffPage>
  );
}

function FiguresScreen() {
  const t = useT();
  const session = useStaffSession();
  const { home, login } = useConsolePaths();
  if (!session) return <Navigate replace to={login} />;
  return (
    <StaffPage title={t('staff.pageTitle')} homeHref={home}>
      <ManagersOnly homeHref={home}>
        <ProgramFiguresScreen />
      </ManagersOnly>
    </StaffPage>
  );
}

function PreregisterScreen() {
  const t = useT();
  const session = useStaffSession();
  const { home, login, patients } = useConsolePaths();
  if (!session) return <Navigate replace to={login} />;
  return (
    <StaffPage title={t('staff.pageTitle')} homeHref={home}>
      <AgentsOnly homeHref={home}>
        <p>
          <Link className="button button--ghost" to={patients()}>
            {t('staff.preregister.back')}
          </Link>
        </p>
        <PreregisterForm />
      </AgentsOnly>
    </StaffPage>
  );
}

function MembersScreen() {
  const t = useT();
  const session = useStaffSession();
  const { home, login, members } = useConsolePaths();
  if (!session) return <Navigate replace to={login} />;
  return (
    <StaffPage title={t('staff.pageTitle')} homeHref={home}>
      <AdminsOnly homeHref={home}>
        <StaffMembers memberHref={members} />
      </AdminsOnly>
    </StaffPage>
  );
}

function MemberScreen() {
  const t = useT();
  const session = useStaffSession();
  const { id } = useParams();
  const { home, login, members } = useConsolePaths();
  if (!session) return <Navigate replace to={login} />;
  if (!id) return <Navigate replace to={members()} />;
  return (
    <StaffPage title={t('staff.pageTitle')} homeHref={home}>
      <AdminsOnly homeHref={home}>
        <StaffMemberScreen key={id} memberId={id} membersHref={members()} />
      </AdminsOnly>
    </StaffPage>
  );
}

function PharmaciesScreen() {
  const t = useT();
  const session = useStaffSession();
  const { home, login } = useConsolePaths();
  if (!session) return <Navigate replace to={login} />;
  return (
    <StaffPage title={t('staff.pageTitle')} homeHref={home}>
      <AdminsOnly homeHref={home}>
        <StaffPharmacies />
      </AdminsOnly>
    </StaffPage>
  );
}

export default function StaffConsoleScreen() {
  return useRoutes([
    { index: true, element: <HomeScreen /> },
    { path: 'login', element: <LoginScreen /> },
    { path: 'setup', element: <SetupScreen /> },
    { path: 'patients', element: <PatientsScreen /> },
    { path: 'patients/:id', element: <PatientRecordScreen /> },
    { path: 'preregister', element: <PreregisterScreen /> },
    { path: 'outreach', element: <OutreachScreen /> },
    { path: 'figures', element: <FiguresScreen /> },
    { path: 'members', element: <MembersScreen /> },
    { path: 'members/:id', element: <MemberScreen /> },
    { path: 'pharmacies', element: <PharmaciesScreen /> },
    { path: '*', element: <HomeScreen /> },
  ]);
}

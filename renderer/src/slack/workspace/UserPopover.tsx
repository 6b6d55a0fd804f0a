import { useEffect, useState } from 'react';
import type { UserProfileView } from '../../../../shared/contract/slack';
import { api } from '../../api/client';
import { Avatar } from '../../components/Avatar';
import type { Browse } from './ChannelView';
import { userLabel } from './names';

interface Props {
  browse: Browse;
  userId: string;
  anchor: DOMRect;
  onClose(): void;
}

/** The profile card Slack shows on a name: who the person is, their title and time zone. */
export function UserPopover({ browse, userId, anchor, onClose }: Props) {
  const [user, setUser] = useState<UserProfileView | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    void api()
      .slackUser({ ...browse, userId })
      .then((r) => (r.ok ? setUser(r.value) : setError(r.error.message)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  const top = Math.min(anchor.bottom + 6, window.innerHeight - 220);
  const left = Math.min(anchor.left, window.innerWidth - 300);
  return (
    <>
      <div className="sk-popover-backdrop" onClick={onClose} />
      <div className="sk-popover" role="dialog" aria-label="Profile" style={{ top, left }}>
        {error ? <p className="error-text">{error}</p> : null}
        {!user && !error ? <p className="muted">Loading…</p> : null}
        {user ? (
          <div className="sk-profile">
            <Avatar name={userLabel(user)} />
            <div>
              <div className="sk-profile-name">
                <strong>{userLabel(user)}</strong>
                {user.isBot ? <span className="sk-bot">APP</span> : null}
              </div>
              {user.realName && user.realName !== userLabel(user) ? <div>{user.realName}</div> : null}
              {user.title ? <div className="muted small">{user.title}</div> : null}
              <div className="muted small">@{user.name}</div>
              {user.tz ? <div className="muted small">Time zone: {user.tz}</div> : null}
              {user.isDeleted ? <div className="small">This account was deactivated.</div> : null}
              {!user.known ? <div className="small">The export does not describe this person; only the id <code>{user.id}</code> is known.</div> : null}
            </div>
          </div>
        ) : null}
      </div>
    </>
  );
}

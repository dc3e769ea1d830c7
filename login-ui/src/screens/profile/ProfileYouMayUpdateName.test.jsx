import { describeMockup } from '../../test/profileMock';

describeMockup({ path: 'profileYouMayUpdateName', titleId: 'profile.nameDone.title', action: { role: 'link', id: 'profile.backToProfile' }, next: 'profilehome' });

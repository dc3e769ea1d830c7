import { describeMockup } from '../../test/profileMock';

describeMockup({ path: 'youMayUpdateEmailAtOtherPlaces', titleId: 'profile.emailDone.title', action: { role: 'link', id: 'profile.backToProfile' }, next: 'profilehome' });

import { describeMockup } from '../../test/profileMock';

describeMockup({ path: 'enterNewPhoneNumber', titleId: 'profile.newPhone.title', action: { role: 'button', id: 'common.continue' }, next: 'profilehome' });

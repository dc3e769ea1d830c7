import { describeMockup } from '../../test/profileMock';

describeMockup({ path: 'checkyouremail', titleId: 'profile.checkEmail.title', action: { role: 'button', id: 'common.continue' }, next: 'areYouSureUpdateYourEmail' });

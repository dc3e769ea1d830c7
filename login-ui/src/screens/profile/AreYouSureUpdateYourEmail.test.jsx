import { describeMockup } from '../../test/profileMock';

describeMockup({ path: 'areYouSureUpdateYourEmail', titleId: 'profile.emailConfirm.title', action: { role: 'button', id: 'profile.emailConfirm.submit' }, next: 'youMayUpdateEmailAtOtherPlaces' });

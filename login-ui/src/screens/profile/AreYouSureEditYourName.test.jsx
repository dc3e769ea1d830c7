import { describeMockup } from '../../test/profileMock';

describeMockup({ path: 'areYouSureEditYourName', titleId: 'profile.nameConfirm.title', action: { role: 'button', id: 'profile.nameConfirm.submit' }, next: 'profileYouMayUpdateName' });

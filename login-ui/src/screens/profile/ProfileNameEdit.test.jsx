import { describeMockup } from '../../test/profileMock';

describeMockup({ path: 'profilenameedit', titleId: 'profile.nameEdit.title', action: { role: 'button', id: 'common.continue' }, next: 'areYouSureEditYourName' });

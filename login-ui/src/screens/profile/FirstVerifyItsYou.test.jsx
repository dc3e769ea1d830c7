import { describeMockup } from '../../test/profileMock';

describeMockup({ path: 'firstverifyitsyou', titleId: 'profile.verify.title', action: { role: 'button', id: 'common.continue' }, next: 'completetwostepverification' });

// Development test data (specification section 3). Pre-fills forms only when
// testDataEnabled(config) is true (development bundle AND development server).
// Example: export default { email: 'test@example.com', otp: '123456', password: '...',
//   phone: '6135550100', firstName: 'Alex', lastName: 'Tremblay' };
const testData = {};
export default testData;

// Error texts by catalogue code (specification section 8 and the server contract).
// A server failure's message is a code: its text comes from the catalogue in the current
// language; an unknown message is shown as it is; no message at all gives the code 7 text.

const hasMessage = (intl, id) => Object.prototype.hasOwnProperty.call(intl.messages, id);

export function passwordLengthText(intl, { pwdMinLength = 12, pwdMaxLength = 65 } = {}) {
  // prefix (5) + min + joining word (12) + max + suffix (13)
  return [
    intl.formatMessage({ id: 'error.5' }),
    pwdMinLength,
    intl.formatMessage({ id: 'error.12' }),
    pwdMaxLength,
    intl.formatMessage({ id: 'error.13' }),
  ].join('');
}

export function errorText(intl, error) {
  if (!error) return '';
  // client-side messages that are not server codes carry their message id
  if (error.id) return intl.formatMessage({ id: error.id }, error.data || {});
  const code = error.code != null ? String(error.code) : error.message ? String(error.message) : '';
  const data = error.data || {};
  if (!code) return intl.formatMessage({ id: 'error.7' });
  switch (code) {
    case '5':
    case '12':
    case '13':
      return passwordLengthText(intl, data);
    case '8':
    case '9':
      if (data.digits) {
        return `${intl.formatMessage({ id: 'error.8' })}${data.digits}${intl.formatMessage({ id: 'error.9' })}`;
      }
      return intl.formatMessage({ id: 'error.22' });
    case '11':
      return intl.formatMessage({ id: data.reason === 'invalid' ? 'error.11.invalid' : 'error.11' });
    case '17':
    case '18':
      if (Number.isFinite(Number(data.retryAfter)) && Number(data.retryAfter) > 0) {
        const minutes = Math.max(1, Math.ceil(Number(data.retryAfter) / 60));
        return intl.formatMessage({ id: `error.${code}.wait` }, { minutes });
      }
      return intl.formatMessage({ id: `error.${code}` });
    case '21': {
      const reasons = ['common', 'sequence', 'repeat', 'personal', 'weak'];
      const reason = reasons.includes(data.reason) ? data.reason : 'weak';
      return `${intl.formatMessage({ id: 'error.21' })} ${intl.formatMessage({ id: `error.21.${reason}` })}`;
    }
    case '28':
      if (data.maxLength) return intl.formatMessage({ id: 'error.28.max' }, { maxLength: data.maxLength });
      return intl.formatMessage({ id: 'error.28' });
    default:
      if (/^\d+$/.test(code) && hasMessage(intl, `error.${code}`)) {
        return intl.formatMessage({ id: `error.${code}` });
      }
      // an unknown message is shown as it is
      return code;
  }
}

// Turns a caught failure (ApiError or other) into an error object for errorText.
export function fromFailure(failure) {
  if (failure && failure.message) return { code: failure.message, data: failure.data || {} };
  return { code: '7' };
}

export const offersStartAgain = (error) => !!error && String(error.code) === '20';

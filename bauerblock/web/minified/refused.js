(function(){"use strict";var e=document.querySelector("main .field-error");e&&!location.hash&&e.scrollIntoView({block:"center"})})();
